import type { RegisterDeadline } from './register-deadline.ts';

interface SharedCall {
  promise: Promise<unknown>;
  stop: AbortController;
  waiting: number;
}

/**
 * Concurrent misses for the same key share one register call, made within the first caller's deadline.
 * Each caller waits no longer than its own deadline, and the call is stopped as soon as nobody waits for
 * it any more (every caller's deadline passed, or every client went away).
 */
export class SharedRegisterCalls {
  readonly #calls = new Map<string, SharedCall>();

  run<T>(
    key: string,
    deadline: RegisterDeadline,
    load: (deadline: RegisterDeadline) => Promise<T>,
  ): Promise<T> {
    if (deadline.passed) return Promise.reject(deadline.reason());
    let call = this.#calls.get(key);
    if (!call) {
      const stop = new AbortController();
      const started: SharedCall = { promise: Promise.resolve(), stop, waiting: 0 };
      started.promise = load(deadline.withCancel(stop.signal)).finally(() => this.#forget(key, started));
      this.#calls.set(key, started);
      call = started;
    }
    return this.#wait(key, call, deadline) as Promise<T>;
  }

  #wait(key: string, call: SharedCall, deadline: RegisterDeadline): Promise<unknown> {
    const { signal } = deadline;
    call.waiting++;
    return new Promise((resolve, reject) => {
      const leave = () => {
        call.waiting--;
        if (call.waiting === 0) {
          this.#forget(key, call);
          call.stop.abort();
        }
        reject(deadline.reason());
      };
      signal.addEventListener('abort', leave, { once: true });
      call.promise.then(
        (value) => {
          signal.removeEventListener('abort', leave);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', leave);
          reject(error);
        },
      );
    });
  }

  #forget(key: string, call: SharedCall): void {
    if (this.#calls.get(key) === call) this.#calls.delete(key);
  }
}
