import type { Client } from 'openapi-fetch';
import type { paths } from '../openapi.ts';

/** openapi-fetch's client typed by the API's paths, with the key, base URL and retries set. */
export type Api = Client<paths>;
