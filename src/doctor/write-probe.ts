// `--write-probe`: create one temporary list (the probe id, never another), send its terms each way
// kwsync can, read each back, and delete it, whatever happens: a refusal, a 5xx or an abort.
import type { CometChatClient, ProbeResult } from '../api/index.js';
import { ApiError } from '../errors.js';
import type { TermsSettings } from '../model/terms-encoding.js';
import { defaultFieldSeen, descriptionKept, type ListingFacts } from './listing-shape.js';
import { CSV_QUOTINGS, SEARCH_TERMS_WITH_FILE } from '../model/config.js';
import { cleanUp } from './probe-cleanup.js';
import type { Finding, VariantResult } from './report.js';
import { errorBodyShape, isObject } from './response-traits.js';
import { capacityFinding, cutShort, noWriteScope, revisionFinding } from './write-findings.js';
import {
  fileVariant,
  KEYWORDS_PATH,
  otherOf,
  probeList,
  probeListPath,
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
    this.path = probeListPath(opts.id);
  }

  async create(): Promise<Finding[]> {
    const variant = searchTermsVariant(this.opts.current);
    const res = await this.send('POST', KEYWORDS_PATH, variant);
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
    // A 429 or 5xx says nothing about how terms are stored: stop (and clean up) rather than guess.
    if (res.status >= 500 || res.status === 429) throw new ProbeStopped(cutShort(`${method} answered HTTP ${res.status}`));
    return res;
  }

  /** GET the probe list after a write; records the variant and returns the stored list. */
  private async readBack(variant: Variant, method: 'POST' | 'PUT', write: ProbeResult): Promise<Record<string, unknown> | undefined> {
    this.checkAbort();
    this.opts.onStep?.(`GET ${variant.id}`);
    const res = await this.probeOrStop({ api: 'chat', method: 'GET', path: this.path });
    if (res.status >= 500 || res.status === 429) throw new ProbeStopped(cutShort(`GET answered HTTP ${res.status}`));
    const list = isObject(res.json) && isObject(res.json.data) ? res.json.data : undefined;
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

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
