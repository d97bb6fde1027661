import ipaddr from 'ipaddr.js';
import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';

/**
 * Every setting the service reads, with its environment variable, default and meaning. This is the
 * single source for validation at start-up and for the configuration table in the README.
 */
export const ConfigSchema = Type.Object({
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 8080, description: 'TCP port to listen on.' }),
  HOST: Type.String({
    minLength: 1,
    default: '127.0.0.1',
    description: 'Interface to bind (0.0.0.0 for all).',
  }),
  DATABASE_URL: Type.String({
    pattern: '^(sqlite:|postgres://|postgresql://)',
    default: 'sqlite:data/wcs.sqlite',
    description:
      '`sqlite:PATH` (relative to the working directory, created on first start; `sqlite::memory:` for a throwaway database) or `postgres://user@host:port/db`.',
  }),
  REDIS_URL: Type.Optional(
    Type.String({
      pattern: '^rediss?://',
      description:
        'Redis shared by several instances (rate limits, caches, revocations). Unset: in-process stores.',
    }),
  ),
  LOG_LEVEL: Type.Union(
    [
      Type.Literal('fatal'),
      Type.Literal('error'),
      Type.Literal('warn'),
      Type.Literal('info'),
      Type.Literal('debug'),
      Type.Literal('trace'),
      Type.Literal('silent'),
    ],
    { default: 'info', description: 'pino log level.' },
  ),
  LOG_FORMAT: Type.Union([Type.Literal('auto'), Type.Literal('json'), Type.Literal('pretty')], {
    default: 'auto',
    description:
      '`json`: one JSON object per line (for log collectors); `pretty`: readable lines; `auto`: pretty when the output is a terminal, JSON otherwise.',
  }),
  AUTH_CACHE_TTL_MS: Type.Integer({
    minimum: 0,
    maximum: 1000,
    default: 500,
    description:
      'How long a verified API key is remembered in-process. At most 1000 ms, so a revocation made anywhere takes effect on every instance within one second.',
  }),
  HEADERS_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    default: 10000,
    description:
      'How long a client may take to send its request headers before it is answered 408 and disconnected.',
  }),
  REQUEST_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    default: 30000,
    description:
      'How long a client may take to send a whole request (headers and body) before it is answered 408.',
  }),
  SHUTDOWN_GRACE_MS: Type.Integer({
    minimum: 0,
    default: 10000,
    description:
      'On SIGTERM/SIGINT, how long requests in flight may take to finish before the process exits.',
  }),
  EA_REGISTER_URL: Type.String({
    pattern: '^https?://',
    default: 'https://environment.data.gov.uk/public-register',
    description: "Base URL of the Environment Agency's public register API.",
  }),
  EA_REGISTER_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    default: 8000,
    description: 'The most one request to the EA register may take; cut short by `EA_REGISTER_DEADLINE_MS`.',
  }),
  EA_REGISTER_DEADLINE_MS: Type.Integer({
    minimum: 100,
    maximum: 10000,
    default: 9000,
    description:
      'The most one carrier check waits for the EA register, every request and the retry included, before it answers 503 `EA_REGISTER_UNAVAILABLE`. At most 10000.',
  }),
  WTN_REGISTER_DEADLINE_MS: Type.Integer({
    minimum: 100,
    maximum: 10000,
    default: 6000,
    description:
      'The same limit for the carrier check inside `generate-wtn`, which also classifies the waste and writes the note; never more than `EA_REGISTER_DEADLINE_MS`.',
  }),
  EA_REGISTER_BREAKER_OPEN_MS: Type.Integer({
    minimum: 100,
    default: 30000,
    description:
      'After 5 failed requests to the EA register in a row, how long checks answer 503 at once without calling it; then one trial call decides.',
  }),
  REGISTER_SOURCE: Type.Union([Type.Literal('api'), Type.Literal('mirror'), Type.Literal('mirror+api')], {
    default: 'api',
    description:
      '`api`: ask the EA register; `mirror`: only the imported bulk export; `mirror+api`: the mirror first, the API for what it lacks.',
  }),
  CLASSIFIER_ENGINE: Type.Union([Type.Literal('local'), Type.Literal('llm')], {
    default: 'local',
    description: '`local`: the in-process engine; `llm`: an OpenAI-compatible model over the local engine.',
  }),
  CLASSIFIER_THREADS: Type.Integer({
    minimum: 0,
    maximum: 16,
    default: 1,
    description:
      'Worker threads that run the local engine beside the event loop, each with its own copy of the engine (about 100 MB). `0` classifies in the event loop. Answers are the same either way.',
  }),
  LLM_BASE_URL: Type.Optional(
    Type.String({ pattern: '^https?://', description: 'OpenAI-compatible API base URL (with `/v1`).' }),
  ),
  LLM_API_KEY: Type.Optional(Type.String({ description: 'API key for the model endpoint (never logged).' })),
  LLM_MODEL: Type.Optional(Type.String({ description: 'Model name at the endpoint.' })),
  LLM_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 15000, description: 'Timeout for one model call.' }),
  LLM_ON_FAILURE: Type.Union([Type.Literal('fallback'), Type.Literal('error')], {
    default: 'fallback',
    description:
      "When the model fails: `fallback` returns the local engine's answer with a flag; `error` returns 500 CLASSIFICATION_FAILED.",
  }),
  ENTERPRISE_CONTACT_EMAIL: Type.Optional(
    Type.String({
      format: 'email',
      description:
        'Where the portal sends enterprise plan enquiries. Unset: the portal asks users to contact the operator.',
    }),
  ),
  PUBLIC_URL: Type.Optional(
    Type.String({
      pattern: '^https?://',
      description:
        'The URL users reach the service at; an https URL makes portal cookies Secure, and every link the service or `wcs` prints (password reset, signing links, the start-up line) starts with it. Unset: the address the server listens on (the `wcs` command reads the one the server recorded when it started), and for signing links the host the API request was sent to.',
    }),
  ),
  TRUST_PROXY: Type.String({
    default: 'false',
    description:
      'Which proxies may name the client in `X-Forwarded-For` (Fastify `trustProxy`): `false`, `true` (any), a hop count, or a comma list of addresses/CIDRs (`loopback`, `linklocal`, `uniquelocal` too). The portal counts failed log-ins per client address.',
  }),
  SMTP_URL: Type.Optional(
    Type.String({
      pattern: '^smtps?://',
      description:
        'Mail server for portal password-reset emails, `smtp://user:pass@host:587` or `smtps://…:465` (never logged). Unset: reset by email is off and users ask the operator. Needs `PUBLIC_URL`.',
    }),
  ),
  MAIL_FROM: Type.Optional(
    Type.String({
      minLength: 3,
      description:
        'Sender of portal emails, e.g. `WCS <no-reply@example.org>`. Unset: `no-reply@` the host of `PUBLIC_URL`.',
    }),
  ),
  DWT_API_URL: Type.Optional(
    Type.String({
      pattern: '^https?://',
      description:
        "DEFRA's Digital Waste Tracking Receipt API, e.g. `https://waste-tracking.api.defra.gov.uk` (test: `https://waste-tracking.integration.api.defra.gov.uk`). Unset: live-key receipts are refused with 503 DWT_NOT_CONFIGURED; test keys always use the sandbox.",
    }),
  ),
  DWT_TOKEN_URL: Type.Optional(
    Type.String({
      pattern: '^https?://',
      description:
        "DWT's OAuth 2 token endpoint (Cognito), e.g. `https://waste-movement-external-api-75ee2.auth.eu-west-2.amazoncognito.com/oauth2/token`.",
    }),
  ),
  DWT_CLIENT_ID: Type.Optional(
    Type.String({ minLength: 1, description: 'The client id DEFRA issued to this software.' }),
  ),
  DWT_CLIENT_SECRET: Type.Optional(
    Type.String({ minLength: 1, description: 'The client secret DEFRA issued (never logged).' }),
  ),
  DWT_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    default: 30000,
    description:
      'How long one request to DWT may take. A create that times out waits for review (never resent blindly).',
  }),
  DWT_RETRY_BASE_MS: Type.Integer({
    minimum: 10,
    default: 10000,
    description:
      'First retry delay after DWT is unavailable; doubles per attempt, with jitter, up to DWT_RETRY_MAX_MS.',
  }),
  DWT_RETRY_MAX_MS: Type.Integer({
    minimum: 10,
    default: 900000,
    description: 'Longest delay between retries.',
  }),
  DWT_POLL_MS: Type.Integer({
    minimum: 10,
    default: 2000,
    description:
      'How often the submission worker looks for receipts due to be sent (new receipts wake it at once).',
  }),
  DWT_WORKER: Type.Union([Type.Literal('on'), Type.Literal('off')], {
    default: 'on',
    description: '`off`: this instance accepts receipts but leaves sending them to other instances.',
  }),
  WATCH_INTERVAL: Type.String({
    pattern: '^(off|[1-9][0-9]*(m|h|d))$',
    default: '1d',
    description:
      'How often every carrier watch is checked against the register, e.g. `1d`, `12h`, `30m`; `off` leaves it to `wcs carriers check-watched` (cron).',
  }),
  WATCH_CHECKS_PER_MINUTE: Type.Integer({
    minimum: 1,
    maximum: 6000,
    default: 60,
    description:
      'Most watch checks one instance makes per minute, so a pass is spread out and never bursts the EA register.',
  }),
  WEBHOOK_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 30000,
    default: 10000,
    description: 'How long a webhook receiver has to answer one delivery (connect to last byte).',
  }),
  WEBHOOK_RETRY_BASE_MS: Type.Integer({
    minimum: 10,
    default: 30000,
    description:
      'First retry delay of a failed delivery; later ones back off to hours, for up to 3 days (docs/webhooks.md).',
  }),
  WEBHOOK_POLL_MS: Type.Integer({
    minimum: 10,
    default: 1000,
    description: 'How often the delivery worker looks for deliveries due to be sent.',
  }),
  WEBHOOK_WORKER: Type.Union([Type.Literal('on'), Type.Literal('off')], {
    default: 'on',
    description:
      '`off`: this instance records events but leaves delivering them, checking watches and removing old events and old request-log rows to other instances.',
  }),
  EVENT_RETENTION_DAYS: Type.Integer({
    // Never shorter than a week: deliveries retry for 3 days, and a person then needs time to notice a
    // failed one and redeliver it by hand (docs/webhooks.md).
    minimum: 7,
    default: 30,
    description:
      'How many days events (`GET /v1/events`) are kept, with their webhook deliveries and attempts; older ones are removed hourly by instances with `WEBHOOK_WORKER=on` (or `wcs events prune`), never while a delivery is still pending or retrying. At least 7. Notes, receipts and consignment notes are never removed.',
  }),
  REQUEST_LOG_RETENTION_DAYS: Type.Integer({
    minimum: 1,
    maximum: 3650,
    default: 30,
    description:
      'How many days the request log (`GET /v1/requests`, the Requests page of the portal) keeps each request; older rows are removed hourly by instances with `WEBHOOK_WORKER=on`. Bodies are never stored.',
  }),
  WEBHOOKS_ALLOW_HTTP_LOOPBACK: Type.Boolean({
    default: false,
    description:
      '`true` lets every webhook endpoint, live ones too, use a loopback address over `http://` (local development and tests). Never in production. Test-mode endpoints may without it while the service listens on loopback alone (HOST) with PUBLIC_URL unset and TRUST_PROXY=false.',
  }),
});

export type Config = Static<typeof ConfigSchema>;

export class ConfigError extends Error {}

/** Reads and checks the settings; throws ConfigError naming every variable that is wrong. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const raw: Record<string, unknown> = {};
  for (const name of Object.keys(ConfigSchema.properties)) {
    const value = env[name];
    if (value !== undefined && value !== '') raw[name] = value;
  }
  const withDefaults = Value.Default(ConfigSchema, raw);
  const converted = Value.Convert(ConfigSchema, withDefaults);
  const errors = [...Value.Errors(ConfigSchema, converted)];
  const lines = errors.map((e) => {
    const name = e.instancePath.replace(/^\//, '') || 'configuration';
    const got = name in raw ? ` (got ${JSON.stringify(raw[name])})` : '';
    return `  ${name}: ${e.message}${got}`;
  });
  if (errors.length === 0) lines.push(...settingProblems(converted as Config));
  if (lines.length > 0) throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  return converted as Config;
}

/** Checks a pattern cannot express: what TRUST_PROXY names, and settings that need one another. */
function settingProblems(config: Config): string[] {
  const problems: string[] = [];
  const proxy = trustProxyOption(config.TRUST_PROXY);
  if (typeof proxy === 'string') {
    const wrong = proxy.split(',').filter((entry) => !isProxyAddress(entry.trim()));
    if (wrong.length > 0)
      problems.push(
        `  TRUST_PROXY: use false, true, a hop count, or addresses/CIDRs (got ${JSON.stringify(wrong.join(','))})`,
      );
  }
  const dwt = [config.DWT_API_URL, config.DWT_TOKEN_URL, config.DWT_CLIENT_ID, config.DWT_CLIENT_SECRET];
  if (dwt.some(Boolean) && !dwt.every(Boolean))
    problems.push('  DWT_API_URL, DWT_TOKEN_URL, DWT_CLIENT_ID, DWT_CLIENT_SECRET: set all four, or none');
  if (config.SMTP_URL && !config.PUBLIC_URL)
    problems.push('  PUBLIC_URL: required with SMTP_URL, because password-reset links are built from it');
  return problems;
}

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  return PROXY_NAMES.includes(entry) || ipaddr.isValid(entry) || ipaddr.isValidCIDR(entry);
}

/**
 * TRUST_PROXY as Fastify's `trustProxy` option takes it: a boolean, a comma list, or for a hop count
 * the function Fastify itself builds from one (its typings leave the number out).
 */
export function trustProxyOption(
  value: string,
): boolean | string | ((address: string, hop: number) => boolean) {
  const setting = value.trim().toLowerCase();
  if (setting === 'false' || setting === '') return false;
  if (setting === 'true') return true;
  if (/^\d+$/.test(setting)) {
    const hops = Number(setting);
    return (_address, hop) => hop < hops;
  }
  return value.trim();
}
