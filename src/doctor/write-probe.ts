// `--write-probe`: create one temporary list (the probe id, never another), send its terms each way
// kwsync can, read each back, and delete it, whatever happens: a refusal, a 5xx or an abort.
import { deleteKeywordList, type CometChatClient, type ProbeResult } from '../api/index.js';
import { ApiError } from '../errors.js';
import { revisionNumber } from '../model/keyword-list.js';
import type { TermsSettings } from '../model/terms-encoding.js';
import { defaultFieldSeen, descriptionKept, type ListingFacts } from './listing-shape.js';
import type { Finding, VariantResult } from './report.js';
import { errorBodyShape } from './response-traits.js';
import {
  CSV_QUOTINGS,
  fileVariant,
  otherOf,
  probeList,
  SEARCH_TERMS_WITH_FILE,
  sameTerms,
  searchTermsVariant,
  variantForm,
  type Variant,
} from './terms-variants.js';

export interface WriteProbeOptions {
  id: string;
  current: TermsSettings;
  maxLists: number;
  facts: ListingFacts;
  signal?: AbortSignal | undefined;
  /** Progress, e.g. for stderr; tests use it to abort at a chosen step. */
  onStep?: ((step: string) => void) | undefined;
}

export interface WriteProbeResult {
  findings: Finding[];
  variants: VariantResult[];
  interrupted: boolean;
}

/** Thrown between steps to stop the probe: an abort, or an answer that makes going on pointless. */
class ProbeStopped extends Error {
  constructor(readonly finding: Finding | undefined) {
    super('probe stopped');
  }
}

const BASE = '/moderation/keywords';

export async function runWriteProbe(client: CometChatClient, opts: WriteProbeOptions): Promise<WriteProbeResult> {
  const capacity = capacityFinding(opts.facts, opts.maxLists);
  if (capacity.needsAction) return { findings: [capacity], variants: [], interrupted: false };
  const run = new ProbeRun(client, opts);
  const findings: Finding[] = [capacity];
  let interrupted = false;
  try {
    findings.push(...(await run.create()));
    await run.fileVariants();
    findings.push(revisionFinding(run.revisions));
  } catch (err) {
    if (!(err instanceof ProbeStopped)) throw err;
    interrupted = opts.signal?.aborted === true;
    if (err.finding) findings.push(err.finding);
  } finally {
    // Runs on an abort or a bug too: the probe list must never be left behind.
    if (run.mayExist) findings.push(await cleanUp(client, opts));
  }
  return { findings, variants: run.variants, interrupted };
}

class ProbeRun {
  readonly variants: VariantResult[] = [];
  /** The revisionId read back after each accepted write, in order. */
  readonly revisions: string[] = [];
  /** False only when the create was refused outright (a 4xx): then nothing was made. */
  mayExist = true;
  private readonly path: string;

  constructor(
    private readonly client: CometChatClient,
    private readonly opts: WriteProbeOptions,
  ) {
    this.path = `${BASE}/${encodeURIComponent(opts.id)}`;
  }

  async create(): Promise<Finding[]> {
    const variant = searchTermsVariant(this.opts.current);
    const res = await this.send('POST', BASE, variant);
    if (res.status >= 400 && res.status < 500) {
      this.mayExist = false;
      this.record(variant, 'POST', res);
      throw new ProbeStopped(this.createRefused(res));
    }
    const stored = await this.readBack(variant, 'POST', res);
    const findings: Finding[] = [
      { id: 'key-scope', status: 'ok', title: 'the key may write', detail: 'The key created the probe list: it has the full-access scope apply needs.', needsAction: false },
    ];
    if (stored) {
      findings.push(defaultFieldSeen('default' in stored ? 1 : 0, 1, 'the probe list as read back'));
      findings.push(descriptionKept(stored.description === probeList(this.opts.id, []).description));
    }
    return findings;
  }

  /** Each CSV quoting; the other searchTermsWithFile only when the current one does not store the terms. */
  async fileVariants(): Promise<void> {
    const { current } = this.opts;
    for (const quoting of [current.csvQuoting, otherOf(CSV_QUOTINGS, current.csvQuoting)]) {
      for (const withFile of [current.searchTermsWithFile, otherOf(SEARCH_TERMS_WITH_FILE, current.searchTermsWithFile)]) {
        const variant = fileVariant(quoting, withFile);
        const res = await this.send('PUT', this.path, variant);
        if (res.status === 403) throw new ProbeStopped(noWriteScope(res, 'change'));
        const stored = res.status >= 200 && res.status < 300 ? await this.readBack(variant, 'PUT', res) : this.record(variant, 'PUT', res);
        if (stored && this.variants.at(-1)?.matches) break;
      }
    }
  }

  private async send(method: 'POST' | 'PUT', path: string, variant: Variant): Promise<ProbeResult> {
    this.checkAbort();
    this.opts.onStep?.(`${method} ${variant.id}`);
    const res = await this.probeOrStop({ api: 'chat', method, path, body: variantForm(this.opts.id, variant) });
    if (res.status >= 500) throw new ProbeStopped(cutShort(`${method} answered HTTP ${res.status}`));
    return res;
  }

  /** GET the probe list after a write; records the variant and returns the stored list. */
  private async readBack(variant: Variant, method: 'POST' | 'PUT', write: ProbeResult): Promise<Record<string, unknown> | undefined> {
    this.checkAbort();
    this.opts.onStep?.(`GET ${variant.id}`);
    const res = await this.probeOrStop({ api: 'chat', method: 'GET', path: this.path });
    if (res.status >= 500) throw new ProbeStopped(cutShort(`GET answered HTTP ${res.status}`));
    const data = (res.json as { data?: unknown } | undefined)?.data;
    const list = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : undefined;
    const terms = Array.isArray(list?.searchTerms) ? list.searchTerms.filter((t): t is string => typeof t === 'string') : undefined;
    if (typeof list?.revisionId === 'string') this.revisions.push(list.revisionId);
    this.variants.push({
      variant: variant.id,
      method,
      status: write.status,
      sent: variant.terms,
      ...(terms ? { stored: terms } : {}),
      matches: terms !== undefined && sameTerms(variant.terms, terms),
    });
    return list;
  }

  private record(variant: Variant, method: 'POST' | 'PUT', res: ProbeResult): undefined {
    const { message, code } = errorBodyShape(res);
    const error = message ?? code ?? (res.bodyText.slice(0, 200) || undefined);
    this.variants.push({ variant: variant.id, method, status: res.status, sent: variant.terms, matches: false, ...(error ? { error } : {}) });
    return undefined;
  }

  private createRefused(res: ProbeResult): Finding {
    if (res.status === 403) return noWriteScope(res, 'create');
    const { message } = errorBodyShape(res);
    const said = `the service refused to create the probe list (HTTP ${res.status}${message ? `: ${message.replace(/[.\s]+$/, '')}` : ''})`;
    if (this.opts.facts.mayBeTruncated || /\blimit|at most|maximum|\b25\b/i.test(message ?? '')) {
      return {
        id: 'list-capacity',
        status: 'differs',
        title: 'room for the probe list',
        detail: `${capitalise(said)}. The listing may be cut short, so kwsync could not count the lists: most likely the app already holds its ${this.opts.maxLists} lists.`,
        needsAction: true,
        hint: 'delete a list you no longer need, or run doctor without --write-probe',
      };
    }
    return {
      id: 'write-probe',
      status: 'differs',
      title: 'the write probe',
      detail: `${capitalise(said)}, although it sent two plain terms in searchTerms; nothing else was tried.`,
      needsAction: true,
      hint: 'report this to the kwsync maintainers with the output of `kwsync doctor --write-probe --format json`',
    };
  }

  private async probeOrStop(req: Parameters<CometChatClient['probe']>[0]): Promise<ProbeResult> {
    try {
      return await this.client.probe(req);
    } catch (err) {
      if (err instanceof ApiError) throw new ProbeStopped(cutShort(`${req.method} got no answer (${err.code ?? 'network error'})`));
      throw err;
    }
  }

  private checkAbort(): void {
    if (this.opts.signal?.aborted) throw new ProbeStopped(undefined);
  }
}

/** apply warns when a write does not raise the revision by exactly one (another writer); is that true here? */
export function revisionFinding(revisions: readonly string[]): Finding {
  const title = 'revision numbers';
  const numbers = revisions.map(revisionNumber);
  if (numbers.length < 2 || numbers.some((n) => n === undefined)) {
    return {
      id: 'revision-numbers',
      status: 'unknown',
      title,
      detail: `The revisionIds read back (${revisions.join(', ') || 'none'}) do not end in a number kwsync can follow; apply still checks each list's revision before writing.`,
      needsAction: false,
    };
  }
  const steps = numbers.slice(1).map((n, i) => n! - numbers[i]!);
  if (steps.every((s) => s === 1)) {
    return { id: 'revision-numbers', status: 'ok', title, detail: `The revision rose by one per write (${numbers.join(' → ')}), as kwsync expects.`, needsAction: false };
  }
  return {
    id: 'revision-numbers',
    status: 'differs',
    title,
    detail: `The revision went ${numbers.join(' → ')} over ${numbers.length - 1} writes, not by one each. apply's warning that a revision did not rise by exactly one (another writer) will show on every write here; it is harmless.`,
    needsAction: false,
  };
}

function capacityFinding(facts: ListingFacts, maxLists: number): Finding {
  const title = 'room for the probe list';
  if (facts.mayBeTruncated) {
    return {
      id: 'list-capacity',
      status: 'unknown',
      title,
      detail: `The listing may be cut short, so the number of lists is unknown (at least ${facts.nonDefaultCount}); if the app holds ${maxLists}, the service refuses the probe list and nothing changes.`,
      needsAction: false,
    };
  }
  if (facts.nonDefaultCount >= maxLists) {
    return {
      id: 'list-capacity',
      status: 'differs',
      title,
      detail: `The app holds ${facts.nonDefaultCount} non-default lists, its limit of ${maxLists} (limits.maxLists): there is no room for the probe list, so nothing was written.`,
      needsAction: true,
      hint: 'delete a list you no longer need, or run doctor without --write-probe',
    };
  }
  return { id: 'list-capacity', status: 'ok', title, detail: `The app holds ${facts.nonDefaultCount} of ${maxLists} non-default lists.`, needsAction: false };
}

function noWriteScope(res: ProbeResult, what: string): Finding {
  const { code } = errorBodyShape(res);
  return {
    id: 'key-scope',
    status: 'differs',
    title: 'the key may write',
    detail: `The key reads lists but may not ${what} them (HTTP ${res.status}${code ? ` ${code}` : ''}): apply would fail on every write.`,
    needsAction: true,
    hint: 'use a REST API key with full-access scope (dashboard: API & Auth Keys) in COMETCHAT_API_KEY',
  };
}

function cutShort(why: string): Finding {
  return {
    id: 'write-probe',
    status: 'unknown',
    title: 'the write probe',
    detail: `The write probe stopped early: ${why}. What was learned so far is above.`,
    needsAction: true,
    hint: 'the service had trouble; run `kwsync doctor --write-probe` again later',
  };
}

/** DELETE with the client's retries (a transient failure must not leave the list), then confirm. */
async function cleanUp(client: CometChatClient, opts: WriteProbeOptions): Promise<Finding> {
  const title = 'the probe list was deleted';
  const path = `${BASE}/${encodeURIComponent(opts.id)}`;
  try {
    opts.onStep?.('DELETE');
    await deleteKeywordList(client, opts.id).catch((err: unknown) => {
      if (!(err instanceof ApiError && err.status === 404)) throw err;
    });
    const check = await client.probe({ api: 'chat', method: 'GET', path });
    if (check.status === 404) {
      return { id: 'probe-cleanup', status: 'ok', title, detail: `Deleted ${opts.id}; a GET now answers 404.`, needsAction: false };
    }
    throw new Error(`a GET after the delete answered HTTP ${check.status}`);
  } catch (err) {
    return {
      id: 'probe-cleanup',
      status: 'differs',
      title,
      detail: `The probe list ${opts.id} may remain: ${err instanceof Error ? err.message : String(err)}.`,
      needsAction: true,
      hint: `delete the list ${opts.id} in the CometChat dashboard, or run \`kwsync doctor --write-probe\` again later (it deletes only its own new list)`,
    };
  }
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
