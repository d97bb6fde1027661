import { isatty } from 'node:tty';
import pino, { type Logger } from 'pino';
import type PinoPrettyModule from 'pino-pretty';
import type { Config } from '../config.ts';
import { FOLDED_FIELDS, prettyMessage } from './access-log.ts';
import { onFirstUse } from './first-use.ts';

/** Only for a person reading: JSON logs (servers, tests) never load it. */
const pinoPretty = onFirstUse<typeof PinoPrettyModule>('pino-pretty');

/** Never logged: keys, passwords, session cookies. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.key',
];

/**
 * JSON lines to `fd` (stdout, or stderr for the CLI), one per event, for log collectors; pretty-printed
 * when LOG_FORMAT says so or, by default, when `fd` is a terminal (a person is reading).
 */
export function createLogger(config: Config, fd: 1 | 2 = 1): Logger {
  const pretty = config.LOG_FORMAT === 'pretty' || (config.LOG_FORMAT === 'auto' && isatty(fd));
  // Pretty: one line per event (a request's fields folded into its message, the rest on the same line),
  // so a terminal shows one line per request rather than a block of sixteen.
  const destination = pretty
    ? pinoPretty()({
        destination: fd,
        sync: true,
        colorize: isatty(fd),
        translateTime: 'SYS:HH:MM:ss.l',
        singleLine: true,
        ignore: FOLDED_FIELDS,
        messageFormat: prettyMessage,
      })
    : pino.destination({ dest: fd, sync: true });
  return pino({ level: config.LOG_LEVEL, redact: { paths: REDACT, censor: '[redacted]' } }, destination);
}
