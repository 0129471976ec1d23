// An attempt is handed up only once its body is whole: an undici interceptor, composed between the
// per-attempt limits and undici's retry interceptor. undici's RetryHandler, once it has passed a
// response's headers on, answers a cut or stalled body by resuming it with a Range header, which the
// service does not support ("server does not support the range header"). Held here until the end,
// a cut, a stall past the attempt deadline or a reset mid-body reaches the RetryHandler as a failed
// attempt before any headers, so it sends the whole request again, from the start, under the one
// retry policy (retry-policy.ts): reads are repeated, ambiguous writes are confirmed by the caller.
// The held chunks are then released with the consumer's back-pressure (pause/resume) honoured.
import { DecoratorHandler, type Dispatcher } from 'undici';

type Handler = Dispatcher.DispatchHandler;
type Controller = Dispatcher.DispatchController;
type Headers = Parameters<NonNullable<Handler['onResponseStart']>>[2];

export function wholeAnswer(): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (opts, handler) => {
    const inner: Handler = handler.onRequestStart ? handler : (new DecoratorHandler(handler) as Handler);
    let below: Controller | undefined;
    let head: { status: number; headers: Headers; message: string | undefined } | undefined;
    let chunks: Buffer[] = [];
    let trailers: Headers = {};
    let paused = false;
    let done = false; // the whole answer arrived: it is being released
    let over = false; // end or error told upward
    let aborted: Error | undefined;

    // The controller the handlers above see: pause/resume apply to the release of held chunks;
    // while the answer still arrives they do not hold back the socket (the body is bounded by attemptLimits).
    const mine: Controller = {
      get aborted() {
        return aborted !== undefined || (below?.aborted ?? false);
      },
      get paused() {
        return paused;
      },
      get reason() {
        return aborted ?? below?.reason ?? null;
      },
      get rawHeaders() {
        return below?.rawHeaders ?? null;
      },
      get rawTrailers() {
        return below?.rawTrailers ?? null;
      },
      abort(reason: Error) {
        if (over) return;
        if (!done) {
          below?.abort(reason);
          return;
        }
        aborted = reason;
        over = true;
        chunks = [];
        inner.onResponseError?.(mine, reason);
      },
      pause() {
        paused = true;
      },
      resume() {
        if (!paused) return;
        paused = false;
        if (done) queueMicrotask(release);
      },
    };

    const release = (): void => {
      while (!paused && !over && chunks.length > 0) inner.onResponseData?.(mine, chunks.shift() as Buffer);
      if (!paused && !over && chunks.length === 0) {
        over = true;
        inner.onResponseEnd?.(mine, trailers);
      }
    };

    const wrapped: Handler = {
      onRequestStart(c, context) {
        below = c;
        inner.onRequestStart?.(mine, context);
      },
      onRequestUpgrade(c, status, headers, socket) {
        inner.onRequestUpgrade?.(c, status, headers, socket);
      },
      onResponseStart(_c, status, headers, message) {
        head = { status, headers, message };
      },
      onResponseData(_c, chunk) {
        chunks.push(chunk);
      },
      onResponseEnd(_c, endTrailers) {
        const start = head as NonNullable<typeof head>;
        trailers = endTrailers;
        done = true;
        // A handler above may pause at once (undici's retry handler does while it decides on a
        // status): then the chunks wait for resume().
        inner.onResponseStart?.(mine, start.status, start.headers, start.message as string);
        release();
      },
      onResponseError(_c, err) {
        if (over) return;
        over = true;
        chunks = [];
        inner.onResponseError?.(mine, err);
      },
    };
    return dispatch(opts, wrapped);
  };
}
