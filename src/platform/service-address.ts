import type { AddressInfo } from 'node:net';
import type { Config } from '../config.ts';
import type { Clock } from './clock.ts';
import type { Db } from './db/database.ts';

/** The row the last server to start wrote (migration 0015). */
export interface ServiceAddressRow {
  /** `listening`: the address the server listens on. */
  name: string;
  url: string;
  recorded_at: string;
}

export interface PlatformTables {
  service_addresses: ServiceAddressRow;
}

/** The address links start with, and where it came from (said to the operator when it is a guess). */
export interface ServiceBase {
  /** Without a trailing slash. */
  url: string;
  /**
   * `PUBLIC_URL`: the operator's setting; `listening`: where the last server to start on this database
   * listens (`since` then); `HOST and PORT`: the settings, no server having recorded its address yet.
   */
  source: 'PUBLIC_URL' | 'listening' | 'HOST and PORT';
  since?: string;
}

const LISTENING = 'listening';

/**
 * The URL a server bound to `address` is reached at from its own machine: the address and port it
 * really listens on (PORT=0 included), with the unspecified address (0.0.0.0, ::) read as loopback,
 * since no link can name "every interface".
 */
export function listeningUrl(address: AddressInfo): string {
  const unspecified = address.address === '0.0.0.0' || address.address === '::';
  const host = unspecified ? (address.family === 'IPv6' ? '::1' : '127.0.0.1') : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/** `http://host:port` as the settings say, for when nothing better is known. */
export function configuredUrl(config: Pick<Config, 'HOST' | 'PORT'>): string {
  const host = config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST === '::' ? '::1' : config.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}`;
}

/**
 * Where the service is reached, for every URL it or the `wcs` command prints: PUBLIC_URL when set, else
 * the address the server actually listens on. The server records that address when it starts, in the
 * database the CLI shares, because the CLI's own HOST and PORT may not be the server's.
 */
export class ServiceAddress {
  readonly #db: Db;
  readonly #clock: Clock;
  readonly #config: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT'>;

  constructor(db: Db, clock: Clock, config: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT'>) {
    this.#db = db;
    this.#clock = clock;
    this.#config = config;
  }

  /** Called by the server once it listens; the last server to start wins. */
  async recordListening(url: string): Promise<void> {
    const row = { name: LISTENING, url, recorded_at: this.#clock.now().toISOString() };
    await this.#db.kysely
      .insertInto('service_addresses')
      .values(row)
      .onConflict((oc) => oc.column('name').doUpdateSet({ url: row.url, recorded_at: row.recorded_at }))
      .execute();
  }

  async base(): Promise<ServiceBase> {
    const { PUBLIC_URL } = this.#config;
    if (PUBLIC_URL) return { url: PUBLIC_URL.replace(/\/+$/, ''), source: 'PUBLIC_URL' };
    const row = await this.#db.kysely
      .selectFrom('service_addresses')
      .select(['url', 'recorded_at'])
      .where('name', '=', LISTENING)
      .executeTakeFirst();
    if (row) return { url: row.url, source: 'listening', since: row.recorded_at };
    return { url: configuredUrl(this.#config), source: 'HOST and PORT' };
  }
}
