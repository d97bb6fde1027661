import { receiptBody } from '../receipts/receipt-app.ts';
import { validBody } from '../wtn/wtn-app.ts';

export type Operation = 'generate-wtn' | 'verify-carrier' | 'waste-receipt';
const OPERATIONS: Operation[] = ['generate-wtn', 'verify-carrier', 'waste-receipt'];

/** One request of the load and what came back. */
export interface Answer {
  /** What was stopped when the request was sent. */
  phase: string;
  /** What was stopped when its answer came (a request in flight when a server stops spans two). */
  answeredIn: string;
  op: Operation;
  /** Which instance was asked (0 or 1). */
  instance: number;
  sentAt: number;
  /** 0: no HTTP answer at all (connection refused or reset, or nothing within 10 s). */
  status: number;
  retryAfter: string | null;
  code: string | undefined;
  /** What the service acknowledged: a note's reference or a receipt's id. */
  id: string | undefined;
}

export interface LoadTarget {
  urls: string[];
  /** Transfer notes and carrier checks (the register's sandbox answers a test key). */
  testKey: string;
  /** Waste receipts, sent by the service to the DWT stand-in. */
  liveKey: string;
  siteId: string;
}

/**
 * A bounded load: `lanes` clients, each sending one request at a time with a pause between, cycling
 * through generate-wtn, verify-carrier and a waste receipt and through the instances, until stopped or
 * `maxRequests` have been sent.
 */
export class OutageLoad {
  readonly answers: Answer[] = [];
  phase = 'nothing stopped';
  readonly #target: LoadTarget;
  readonly #pauseMs: number;
  readonly #maxRequests: number;
  #sent = 0;
  #stopped = false;
  #lanes: Promise<void>[] = [];

  constructor(target: LoadTarget, options: { lanes: number; pauseMs: number; maxRequests: number }) {
    this.#target = target;
    this.#pauseMs = options.pauseMs;
    this.#maxRequests = options.maxRequests;
    this.#lanes = Array.from({ length: options.lanes }, (_, lane) => this.#run(lane));
  }

  async stop(): Promise<Answer[]> {
    this.#stopped = true;
    await Promise.all(this.#lanes);
    return this.answers;
  }

  async #run(lane: number): Promise<void> {
    await sleep(lane * (this.#pauseMs / 2));
    while (!this.#stopped && this.#sent < this.#maxRequests) {
      const n = this.#sent++;
      this.answers.push(await this.#send(OPERATIONS[n % OPERATIONS.length], n % 2, n));
      await sleep(this.#pauseMs);
    }
  }

  async #send(op: Operation, instance: number, n: number): Promise<Answer> {
    const { testKey, liveKey, siteId } = this.#target;
    const [path, key, body] =
      op === 'generate-wtn'
        ? ['/v1/generate-wtn', testKey, validBody()]
        : op === 'verify-carrier'
          ? ['/v1/verify-carrier', testKey, { registration_number: 'CBDU100001' }]
          : ['/v1/waste-receipts', liveKey, receiptBody(siteId, { your_reference: `LOAD-${n}` })];
    const answer: Answer = {
      phase: this.phase,
      answeredIn: this.phase,
      op,
      instance,
      sentAt: Date.now(),
      status: 0,
      retryAfter: null,
      code: undefined,
      id: undefined,
    };
    try {
      const res = await fetch(`${this.#target.urls[instance]}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      const json = (await res.json()) as {
        reference?: string;
        id?: string;
        error?: { code: string };
      };
      answer.status = res.status;
      answer.retryAfter = res.headers.get('retry-after');
      answer.code = json.error?.code;
      if (res.ok)
        answer.id = op === 'generate-wtn' ? json.reference : op === 'waste-receipt' ? json.id : undefined;
    } catch (error) {
      answer.code = String((error as Error & { cause?: { code?: string } }).cause?.code ?? error);
    }
    answer.answeredIn = this.phase;
    return answer;
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The answers counted by phase, operation and status: the log of a run and the text of a failure. */
export function summarise(answers: Answer[]): string {
  const counts = new Map<string, number>();
  for (const a of answers) {
    const k = `${a.phase.padEnd(14)} ${a.op.padEnd(15)} ${a.status}${a.code ? ` ${a.code}` : ''}`;
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts].map(([k, n]) => `  ${k}: ${n}`).join('\n');
}

export function statusCounts(responses: { status: number }[]): string {
  const counts = new Map<number, number>();
  for (const r of responses) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
  return [...counts].map(([status, n]) => `${n} x ${status}`).join(', ');
}
