// Limits on one attempt, as an undici interceptor below the retry interceptor (so each attempt gets
// its own): a deadline for connect, headers and body together (undici's own timeouts are idle
// timeouts, which a body trickling one byte a second never trips), and a cap on the response body,
// counted as it streams, so an endless or huge answer is refused before it is held in memory.
import { DecoratorHandler, type Dispatcher } from 'undici';

/** The error code of an attempt that ran past its deadline; retried for reads (retry-policy.ts). */
export const ATTEMPT_TIMEOUT = 'KWSYNC_ATTEMPT_TIMEOUT';
/**
 * The error code of an answer (any status: a 404 or an error page too) whose body broke off after
 * its headers (a reset mid-body). Answers reach the retry handler only whole (whole-answer.ts), so
 * a read is sent again from the start, never resumed with a Range header; a write is confirmed like
 * any lost answer.
 */
export const BODY_CUT = 'KWSYNC_BODY_CUT';
/** The error code of a response body larger than the cap; never retried. */
export const BODY_TOO_LARGE = 'KWSYNC_BODY_TOO_LARGE';

export interface AttemptLimits {
  deadlineMs: number;
  maxBodyBytes: number;
}

type Handler = Dispatcher.DispatchHandler;
type Controller = Dispatcher.DispatchController;

function codedError(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

export function attemptLimits(limits: AttemptLimits): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (opts, handler) => {
    // A handler of the older callback style is wrapped into the controller style first.
    const inner: Handler = handler.onRequestStart ? handler : (new DecoratorHandler(handler) as Handler);
    let controller: Controller | undefined;
    let pending: Error | undefined;
    let limited = false;
    let received = 0;
    let answered = false;
    const stop = (err: Error) => {
      limited = true;
      if (controller) controller.abort(err);
      else pending = err;
    };
    // The retry handler never retries an attempt whose controller says "aborted" (that is how a
    // caller cancels). An attempt cut short by these limits failed like a dropped connection, so the
    // handlers above see it as not aborted, and the retry policy decides as for any network error.
    let proxy: Controller | undefined;
    const proxyOf = (c: Controller): Controller => {
      // An error before the request started (a refused connection) comes with no controller.
      if (!c) return c;
      return (proxy ??= {
        get aborted() {
          return limited ? false : c.aborted;
        },
        get paused() {
          return c.paused;
        },
        get reason() {
          return c.reason;
        },
        get rawHeaders() {
          return c.rawHeaders;
        },
        get rawTrailers() {
          return c.rawTrailers;
        },
        abort: (reason: Error) => c.abort(reason),
        pause: () => c.pause(),
        resume: () => c.resume(),
      });
    };
    const timer = setTimeout(
      () => stop(codedError(`no complete response within ${limits.deadlineMs} ms (service.timeoutMs covers headers and body together)`, ATTEMPT_TIMEOUT)),
      limits.deadlineMs,
    );
    timer.unref?.();
    const tooLarge = (bytes: number) =>
      codedError(`the response body is larger than ${limits.maxBodyBytes} bytes (service.maxResponseBytes); got at least ${bytes}`, BODY_TOO_LARGE);
    const wrapped: Handler = {
      onRequestStart(c, context) {
        controller = c;
        if (pending) c.abort(pending);
        inner.onRequestStart?.(proxyOf(c), context);
      },
      onRequestUpgrade(c, status, headers, socket) {
        inner.onRequestUpgrade?.(proxyOf(c), status, headers, socket);
      },
      onResponseStart(c, status, headers, message) {
        const declared = Number(headers['content-length'] ?? Number.NaN);
        if (Number.isFinite(declared) && declared > limits.maxBodyBytes) {
          stop(tooLarge(declared));
          return;
        }
        answered = true;
        inner.onResponseStart?.(proxyOf(c), status, headers, message);
      },
      onResponseData(c, chunk) {
        received += chunk.length;
        if (received > limits.maxBodyBytes) {
          stop(tooLarge(received));
          return;
        }
        inner.onResponseData?.(proxyOf(c), chunk);
      },
      onResponseEnd(c, trailers) {
        clearTimeout(timer);
        inner.onResponseEnd?.(proxyOf(c), trailers);
      },
      onResponseError(c, err) {
        clearTimeout(timer);
        const cut = answered && !limited;
        inner.onResponseError?.(proxyOf(c), cut ? Object.assign(codedError(`the answer broke off after ${received} bytes of its body (${err.message})`, BODY_CUT), { cause: err }) : err);
      },
    };
    return dispatch(opts, wrapped);
  };
}
