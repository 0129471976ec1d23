// Every rules request the suite makes through the emulator is checked against the published
// request schema (cometchat.openapi.yaml: ModerationRequestBody, Condition, UserFilter,
// GroupFilter, the rules and blocked-messages paths and their parameters). The jest setup file
// rules-request-hook.ts observes every emulator (src/emulator GLOBAL_OBSERVER) and fails the test
// whose rules requests do not validate. A test that sends off-contract requests on purpose (the
// emulator's own refusals, doctor's probes of unpublished spellings) wraps them in offContract().
import type { ObservedRequest } from '../../src/emulator/index.js';

const OFF_CONTRACT = Symbol.for('kwsync.contract.offContract');
type Flag = { depth: number };

/** True for the requests this check covers: the rules, revisions and blocked-messages paths. */
export function isRulesRequest(r: Pick<ObservedRequest, 'path'>): boolean {
  return r.path === '/moderation/rules' || r.path.startsWith('/moderation/rules/') || r.path === '/moderation/blocked-messages' || r.path.startsWith('/moderation/blocked-messages/');
}

/** Runs `fn` with the check suspended: requests it makes are not held to the published schema. */
export async function offContract<T>(fn: () => Promise<T>): Promise<T> {
  const g = globalThis as Record<symbol, Flag | undefined>;
  const flag = (g[OFF_CONTRACT] ??= { depth: 0 });
  flag.depth += 1;
  try {
    return await fn();
  } finally {
    flag.depth -= 1;
  }
}

export function isOffContract(): boolean {
  return ((globalThis as Record<symbol, Flag | undefined>)[OFF_CONTRACT]?.depth ?? 0) > 0;
}

/** The problems of one observed request against the published document: [] when it validates. */
export async function rulesRequestProblems(r: ObservedRequest): Promise<string[]> {
  const { describeErrors, publishedApi } = await import('./published-document.js');
  const api = await cachedApi(publishedApi);
  const headers = Object.fromEntries(Object.entries(r.headers).filter((e): e is [string, string | string[]] => e[1] !== undefined));
  const request = { method: r.method, path: r.path, query: r.query, headers, ...(r.body !== undefined ? { body: r.body } : {}) };
  const operation = api.router.matchOperation(request);
  if (!operation) return [`${r.method} ${r.path}: no published operation has this method and path`];
  const problems = describeErrors(api.validateRequest(request, operation).errors);
  const hasBody = Boolean((operation.requestBody as { content?: object } | undefined)?.content);
  const type = String(r.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (hasBody && type !== 'application/json') problems.push(`content-type ${type || '(none)'}; the operation publishes application/json`);
  return problems.map((p) => `${r.method} ${r.path}${r.query ? `?${r.query}` : ''} [${operation.operationId}]: ${p}`);
}

let apiPromise: Promise<Awaited<ReturnType<typeof import('./published-document.js').publishedApi>>> | undefined;
function cachedApi(make: typeof import('./published-document.js').publishedApi) {
  return (apiPromise ??= make());
}

/** A checker for one emulator (tests of the check itself): observe, then problems(). */
export function rulesRequestChecker() {
  const seen: ObservedRequest[] = [];
  return {
    observe: (r: ObservedRequest) => {
      if (isRulesRequest(r) && !isOffContract()) seen.push(structuredClone({ ...r, headers: { ...r.headers } }));
    },
    seen,
    async problems(): Promise<string[]> {
      const out: string[] = [];
      for (const r of seen.splice(0)) out.push(...(await rulesRequestProblems(r)));
      return out;
    },
  };
}
