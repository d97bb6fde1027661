import { SMTPServer } from 'smtp-server';

/** A message as the stand-in mail server received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** The plain-text body, transfer encoding undone. */
  text: string;
}

export interface SmtpStandIn {
  /** What SMTP_URL should be: credentials included, which the server checks. */
  url: string;
  received: ReceivedMail[];
  /** Resolves with the next message to arrive (or the first not yet taken). */
  nextMail(): Promise<ReceivedMail>;
  close(): Promise<void>;
}

const USER = 'wcs';
const PASS = 'relay-secret';

/**
 * A real SMTP server on 127.0.0.1 (smtp-server, nodemailer's companion), plain text with AUTH, so the
 * service sends exactly as it would to a relay.
 */
export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const received: ReceivedMail[] = [];
  let taken = 0;
  const waiting: ((mail: ReceivedMail) => void)[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASS) return callback(null, { user: USER });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail = parse(Buffer.concat(chunks).toString('utf8'), session);
        received.push(mail);
        const waiter = waiting.shift();
        if (waiter) {
          taken++;
          waiter(mail);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://${USER}:${PASS}@127.0.0.1:${port}`,
    received,
    nextMail() {
      if (taken < received.length) return Promise.resolve(received[taken++]);
      return new Promise((resolve) => waiting.push(resolve));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function parse(raw: string, session: { envelope: { mailFrom: unknown; rcptTo: { address: string }[] } }) {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1] ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  return {
    from: header('From'),
    to: session.envelope.rcptTo.map((r) => r.address),
    subject: header('Subject'),
    text: encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : body,
  };
}

/** RFC 2045 6.7: soft line breaks removed, =XX octets decoded. */
function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
