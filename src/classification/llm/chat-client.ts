// An OpenAI-compatible Chat Completions client (OpenAI, Azure OpenAI v1, vLLM, Ollama and others speak
// the same POST {base}/chat/completions) over plain fetch, with cockatiel for the failure handling:
// one time budget per call (retries included), a bounded retry on 429 and 5xx with backoff (honouring a
// short Retry-After), and a circuit breaker so an outage answers at once instead of tying up requests.
import {
  BrokenCircuitError,
  ConsecutiveBreaker,
  circuitBreaker,
  DelegateBackoff,
  handleAll,
  handleWhen,
  type IPolicy,
  retry,
  TaskCancelledError,
  TimeoutStrategy,
  timeout,
  wrap,
} from 'cockatiel';

export type LlmFailureReason = 'timeout' | 'circuit_open' | 'http_status' | 'network' | 'bad_response';

/** Any failure to get an answer from the model endpoint. The message never contains the API key. */
export class LlmCallError extends Error {
  readonly reason: LlmFailureReason;
  readonly status?: number;
  /** From a Retry-After header on 429/503, in milliseconds. */
  readonly retryAfterMs?: number;

  constructor(reason: LlmFailureReason, message: string, status?: number, retryAfterMs?: number) {
    super(message);
    this.name = 'LlmCallError';
    this.reason = reason;
    this.status = status;
    this.retryAfterMs = retryAfterMs;
  }
}

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

export interface ChatRequest {
  messages: ChatMessage[];
  temperature: number;
  maxTokens: number;
  /** Structured output: the JSON schema the answer must follow. */
  schema: { name: string; schema: Record<string, unknown> };
}

export interface ChatUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

export interface ChatAnswer {
  /** The assistant message's text (JSON when the endpoint honoured the schema). */
  content: string;
  usage: ChatUsage | null;
  /** How many HTTP attempts the call took. */
  attempts: number;
}

export interface ChatClientOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Budget for one call, retries and backoff included. */
  timeoutMs: number;
  /** Retries after the first attempt, for 429 and 5xx only. */
  maxRetries?: number;
  retryBaseMs?: number;
  /** A Retry-After longer than this is not waited for (the call fails and the caller falls back). */
  maxRetryDelayMs?: number;
  /** Consecutive failed calls that open the circuit; while open, calls fail at once. */
  breakerThreshold?: number;
  breakerOpenMs?: number;
}

const RETRYABLE = (status: number) => status === 429 || status >= 500;
const MAX_ERROR_TEXT = 200;

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

export class ChatClient {
  readonly #url: string;
  readonly #apiKey?: string;
  readonly #model: string;
  readonly #timeoutMs: number;
  readonly #policy: IPolicy;

  constructor(options: ChatClientOptions) {
    this.#url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
    this.#apiKey = options.apiKey;
    this.#model = options.model;
    this.#timeoutMs = options.timeoutMs;
    const base = options.retryBaseMs ?? 250;
    const maxDelay = options.maxRetryDelayMs ?? 2000;
    const retryable = handleWhen(
      (e) => e instanceof LlmCallError && e.status !== undefined && RETRYABLE(e.status),
    );
    const backoff = new DelegateBackoff<{ attempt: number; result: unknown }>((ctx) => {
      const error = (ctx.result as { error?: unknown }).error;
      const asked = error instanceof LlmCallError ? error.retryAfterMs : undefined;
      const exponential = base * 2 ** (ctx.attempt - 1) * (0.75 + Math.random() * 0.5);
      return Math.min(maxDelay, asked ?? exponential);
    });
    this.#policy = wrap(
      timeout(options.timeoutMs, TimeoutStrategy.Aggressive),
      circuitBreaker(handleAll, {
        halfOpenAfter: options.breakerOpenMs ?? 30_000,
        breaker: new ConsecutiveBreaker(options.breakerThreshold ?? 5),
      }),
      retry(retryable, { maxAttempts: options.maxRetries ?? 2, backoff }),
    );
  }

  get model(): string {
    return this.#model;
  }

  async complete(request: ChatRequest): Promise<ChatAnswer> {
    let attempts = 0;
    try {
      return await this.#policy.execute(async ({ signal }) => {
        attempts++;
        const body = await this.#post(request, signal);
        return { ...readAnswer(body), attempts };
      });
    } catch (error) {
      throw this.#asCallError(error);
    }
  }

  async #post(request: ChatRequest, signal: AbortSignal): Promise<unknown> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
    };
    if (this.#apiKey) headers.authorization = `Bearer ${this.#apiKey}`;
    let response: Response;
    try {
      response = await fetch(this.#url, {
        method: 'POST',
        headers,
        signal,
        body: JSON.stringify({
          model: this.#model,
          messages: request.messages,
          temperature: request.temperature,
          max_tokens: request.maxTokens,
          response_format: {
            type: 'json_schema',
            json_schema: { name: request.schema.name, strict: true, schema: request.schema.schema },
          },
        }),
      });
    } catch (error) {
      if (signal.aborted) throw error;
      throw new LlmCallError('network', `model endpoint unreachable: ${(error as Error).message}`);
    }
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      throw new LlmCallError(
        'http_status',
        `model endpoint answered HTTP ${response.status}${this.#errorText(text)}`,
        response.status,
        retryAfterMs(response.headers.get('retry-after')),
      );
    }
    try {
      return await response.json();
    } catch {
      throw new LlmCallError('bad_response', 'model endpoint answered with a body that is not JSON');
    }
  }

  /** The upstream's own error message helps an operator ("model not found"); the key is cut out of it. */
  #errorText(body: string): string {
    let message: unknown;
    try {
      message = (JSON.parse(body) as { error?: { message?: unknown } }).error?.message;
    } catch {
      message = undefined;
    }
    if (typeof message !== 'string' || message === '') return '';
    const safe = this.#apiKey ? message.split(this.#apiKey).join('[redacted]') : message;
    return `: ${safe.slice(0, MAX_ERROR_TEXT)}`;
  }

  #asCallError(error: unknown): LlmCallError {
    if (error instanceof LlmCallError) return error;
    if (error instanceof BrokenCircuitError) {
      return new LlmCallError('circuit_open', 'model endpoint circuit is open after repeated failures');
    }
    if (error instanceof TaskCancelledError || (error as Error)?.name === 'AbortError') {
      return new LlmCallError('timeout', `model endpoint did not answer within ${this.#timeoutMs} ms`);
    }
    return new LlmCallError('network', `model call failed: ${(error as Error)?.message ?? String(error)}`);
  }
}

/** The first choice's message; a refusal, a cut-off answer or a missing message is a bad response. */
function readAnswer(body: unknown): { content: string; usage: ChatUsage | null } {
  const b = body as {
    choices?: Array<{ message?: { content?: unknown; refusal?: unknown }; finish_reason?: unknown }>;
    usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
  };
  const choice = Array.isArray(b?.choices) ? b.choices[0] : undefined;
  const content = choice?.message?.content;
  if (typeof choice?.message?.refusal === 'string' && choice.message.refusal !== '') {
    throw new LlmCallError('bad_response', 'the model refused to answer');
  }
  if (choice?.finish_reason === 'length') {
    throw new LlmCallError('bad_response', 'the model answer was cut off at max_tokens');
  }
  if (typeof content !== 'string' || content.trim() === '') {
    throw new LlmCallError('bad_response', 'the model answer has no message content');
  }
  const usage =
    typeof b.usage?.prompt_tokens === 'number' && typeof b.usage?.completion_tokens === 'number'
      ? { prompt_tokens: b.usage.prompt_tokens, completion_tokens: b.usage.completion_tokens }
      : null;
  return { content, usage };
}
