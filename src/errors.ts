// The small error family (STYLE 7). Every error the CLI can meet on bad input or a failing service
// is one of these; the CLI prints `message` (and `hint`) in one or two lines and exits with
// `exitCode`. Anything else is a bug and is reported as such, still without a stack trace.

export const EXIT = {
  ok: 0,
  failure: 1,
  changes: 2,
  invalid: 3,
  refused: 4,
  usage: 64,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export class KwsyncError extends Error {
  readonly exitCode: ExitCode;
  readonly hint: string | undefined;
  constructor(message: string, opts: { exitCode?: ExitCode; hint?: string; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = new.target.name;
    this.exitCode = opts.exitCode ?? EXIT.failure;
    this.hint = opts.hint;
  }
}

/** Bad usage of a command: unknown flag values, missing arguments. Exit 64. */
export class UsageError extends KwsyncError {
  constructor(message: string, opts: { hint?: string; cause?: unknown } = {}) {
    super(message, { ...opts, exitCode: EXIT.usage });
  }
}

/** Missing or wrong settings (environment, kwsync.yaml target selection). Exit 1. */
export class ConfigError extends KwsyncError {
  constructor(message: string, opts: { hint?: string; cause?: unknown } = {}) {
    super(message, { ...opts, exitCode: EXIT.failure });
  }
}

/** The lists are invalid; the diagnostics were already reported. Exit 3. */
export class ValidationError extends KwsyncError {
  readonly errorCount: number;
  constructor(errorCount: number, opts: { hint?: string } = {}) {
    super(`${errorCount} error${errorCount === 1 ? '' : 's'} in the keyword lists; nothing was sent`, {
      ...opts,
      exitCode: EXIT.invalid,
    });
    this.errorCount = errorCount;
  }
}

/** The plan is unsafe (needs --force), stale (a revision moved) or altered. Exit 4. */
export class RefusedPlanError extends KwsyncError {
  readonly reasons: string[];
  constructor(message: string, reasons: string[], opts: { hint?: string } = {}) {
    super(message, { ...opts, exitCode: EXIT.refused });
    this.reasons = reasons;
  }
}

/**
 * A failed call to the service. Keeps what the service said (status, code, request id) and a hint
 * that turns known failures into advice. Never holds the API key: the client builds it from the
 * response, not from the request headers.
 */
export class ApiError extends KwsyncError {
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly requestId: string | undefined;
  readonly method: string;
  readonly path: string;
  constructor(
    message: string,
    opts: {
      method: string;
      path: string;
      status?: number;
      code?: string;
      requestId?: string;
      hint?: string;
      cause?: unknown;
    },
  ) {
    super(message, { exitCode: EXIT.failure, hint: opts.hint, cause: opts.cause });
    this.method = opts.method;
    this.path = opts.path;
    this.status = opts.status;
    this.code = opts.code;
    this.requestId = opts.requestId;
  }
}
