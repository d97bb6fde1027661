import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for an OpenAI-compatible Chat Completions endpoint, served over real HTTP on 127.0.0.1.
 * Each request takes the next scripted reply (or the default one) and is recorded with its headers and
 * body, so tests can see exactly what the client sent.
 */
export type Reply =
  | { kind: 'answer'; content: string; finishReason?: string }
  | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string> }
  | { kind: 'hang' }
  | { kind: 'choose'; pick: (request: RecordedRequest) => unknown };

export interface RecordedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: {
    model: string;
    messages: Array<{ role: string; content: string }>;
    temperature?: number;
    max_tokens?: number;
    response_format?: {
      type: string;
      json_schema: { name: string; strict: boolean; schema: Record<string, unknown> };
    };
  };
}

/** A well-formed answer whose message content is this object as JSON. */
export const answer = (content: unknown): Reply => ({ kind: 'answer', content: JSON.stringify(content) });
export const status = (code: number, body?: unknown, headers?: Record<string, string>): Reply => ({
  kind: 'status',
  status: code,
  body,
  headers,
});

/** The candidate codes the client offered (the enum of the structured-output schema). */
export function offeredCodes(request: RecordedRequest): string[] {
  const schema = request.body.response_format?.json_schema.schema as {
    properties: { classifications: { items: { properties: { ewc_code: { enum: string[] } } } } };
  };
  return schema.properties.classifications.items.properties.ewc_code.enum;
}

export class FakeOpenAi {
  readonly requests: RecordedRequest[] = [];
  readonly #script: Reply[] = [];
  defaultReply: Reply = status(500, { error: { message: 'no reply scripted' } });
  url = '';
  readonly #server: Server;
  readonly #hanging = new Set<ServerResponse>();

  constructor() {
    this.#server = createServer((req, res) => void this.#handle(req, res));
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/v1`;
    return this;
  }

  /** Lets a process exit with the server still listening (benchmarks, the eval CLI). */
  unref(): this {
    this.#server.unref();
    return this;
  }

  /** Replies for the next requests, in order. */
  script(...replies: Reply[]): this {
    this.#script.push(...replies);
    return this;
  }

  /** Forgets the script and the recorded requests (between tests). */
  reset(): this {
    this.#script.length = 0;
    this.requests.length = 0;
    return this;
  }

  async stop(): Promise<void> {
    for (const res of this.#hanging) res.destroy();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const recorded: RecordedRequest = {
      path: req.url ?? '',
      headers: req.headers,
      body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'),
    };
    this.requests.push(recorded);
    if (req.method !== 'POST' || !recorded.path.endsWith('/v1/chat/completions')) {
      this.#send(res, 404, { error: { message: 'not found' } });
      return;
    }
    const reply = this.#script.shift() ?? this.defaultReply;
    switch (reply.kind) {
      case 'hang':
        this.#hanging.add(res);
        return;
      case 'status':
        this.#send(
          res,
          reply.status,
          reply.body ?? { error: { message: `status ${reply.status}` } },
          reply.headers,
        );
        return;
      case 'choose':
        this.#send(res, 200, completion(JSON.stringify(reply.pick(recorded)), recorded.body.model));
        return;
      case 'answer':
        this.#send(res, 200, completion(reply.content, recorded.body.model, reply.finishReason));
    }
  }

  #send(res: ServerResponse, code: number, body: unknown, headers: Record<string, string> = {}): void {
    res.writeHead(code, { 'content-type': 'application/json', ...headers });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  }
}

function completion(content: string, model: string, finishReason = 'stop') {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 1_767_225_600,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: finishReason }],
    usage: { prompt_tokens: 1200, completion_tokens: 90, total_tokens: 1290 },
  };
}
