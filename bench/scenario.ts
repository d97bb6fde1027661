/**
 * A benchmark scenario: one kind of request measured with autocannon against the real service on
 * loopback, and reported as a ratio to a bare Fastify route measured in the same run.
 */
export interface BenchTarget {
  /** Base URL of the running service, e.g. http://127.0.0.1:41234 */
  url: string;
  /**
   * Creates an organisation on `plan` (default enterprise, with limits no benchmark can reach) and a key
   * in `mode` (default live) through the service's own account service.
   */
  newKey(options?: { mode?: 'live' | 'test'; plan?: string }): Promise<string>;
  /** The running app (same process), for seeding data through services. */
  app: import('fastify').FastifyInstance;
}

export interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface BenchScenario {
  name: string;
  /** Extra environment for the service under test (e.g. REDIS_URL, REGISTER_SOURCE). */
  env?: Record<string, string>;
  /** Seeds what the request needs and returns the request autocannon repeats. */
  prepare(target: BenchTarget): Promise<BenchRequest | BenchRequest[]>;
  /**
   * For a request that carries many items (a batch): how many, and the scenario of one item per request
   * (measured earlier in the same run) that the throughput per item is compared with.
   */
  perItem?: { items: number; unit: string; comparedWith: string };
}

/** A figure that is not an HTTP throughput (e.g. import rows per second, in-process p99). */
export interface BenchMeasurement {
  name: string;
  /** Runs the measurement and returns the line to print, e.g. "312,000 rows/s". */
  run(): Promise<string>;
}
