// One temporary list of the write probe: each write is a POST until the service has made the list
// and a PUT after, then a GET that reads the entries back. Only this list's id is ever written.
import type { CometChatClient, ProbeResult } from '../api/index.js';
import { ApiError } from '../errors.js';
import type { VariantResult } from './report.js';
import { errorBodyShape, isObject } from './response-traits.js';
import { entryParts, KEYWORDS_PATH, probeListPath, sameTerms, variantForm, type Variant } from './terms-variants.js';
import { cutShort, noWriteScope } from './write-findings.js';
import type { Finding } from './report.js';

/** Thrown between steps to stop the probe: an abort, or an answer that makes going on pointless. */
export class ProbeStopped extends Error {
  constructor(readonly finding: Finding | undefined) {
    super('probe stopped');
  }
}

export interface ProbeRunOptions {
  signal?: AbortSignal | undefined;
  onStep?: ((step: string) => void) | undefined;
}

export class ProbeRun {
  /** The revisionId read back after each accepted write, in order. */
  readonly revisions: string[] = [];
  /** True from the first POST on, unless the service refused it outright (a 4xx): then nothing was made. */
  mayExist = false;
  /** The stored list as read back after the last accepted write. */
  stored: Record<string, unknown> | undefined;
  readonly path: string;

  constructor(
    private readonly client: CometChatClient,
    readonly id: string,
    private readonly variants: VariantResult[],
    private readonly opts: ProbeRunOptions,
  ) {
    this.path = probeListPath(id);
  }

  /** POST (until the list exists) or PUT the variant, read it back; the result is also in `variants`. */
  async write(variant: Variant): Promise<{ result: VariantResult; res: ProbeResult }> {
    const method = this.mayExist ? 'PUT' : 'POST';
    // A POST whose answer is lost may have made the list: from here on it must be cleaned up.
    if (method === 'POST') this.mayExist = true;
    const form = variantForm(this.id, variant);
    const parts = entryParts(form);
    const res = await this.send(method, method === 'POST' ? KEYWORDS_PATH : this.path, variant, form);
    if (method === 'POST' && res.status >= 400 && res.status < 500) this.mayExist = false;
    if (res.status === 403) {
      this.record(variant, method, res, parts);
      throw new ProbeStopped(noWriteScope(res, method === 'POST' ? 'create' : 'change', this.client.settingNames?.key));
    }
    const result = res.status >= 200 && res.status < 300 ? await this.readBack(variant, method, res, parts) : this.record(variant, method, res, parts);
    return { result, res };
  }

  private async send(method: 'POST' | 'PUT', path: string, variant: Variant, body: ReturnType<typeof variantForm>): Promise<ProbeResult> {
    this.checkAbort();
    this.opts.onStep?.(`${method} ${this.label(variant)}`);
    const res = await this.probeOrStop({ api: 'chat', method, path, body });
    // A 429 or 5xx says nothing about how entries are stored: stop (and clean up) rather than guess.
    if (res.status >= 500 || res.status === 429) throw new ProbeStopped(cutShort(`${method} answered HTTP ${res.status}`));
    return res;
  }

  /** GET the probe list after a write; records the variant. Sentences may come back in either field. */
  private async readBack(variant: Variant, method: 'POST' | 'PUT', write: ProbeResult, parts: string[]): Promise<VariantResult> {
    this.checkAbort();
    this.opts.onStep?.(`GET ${this.label(variant)}`);
    const res = await this.probeOrStop({ api: 'chat', method: 'GET', path: this.path });
    if (res.status >= 500 || res.status === 429) throw new ProbeStopped(cutShort(`GET answered HTTP ${res.status}`));
    const list = isObject(res.json) && isObject(res.json.data) ? res.json.data : undefined;
    this.stored = list;
    const terms = storedEntries(list, variant.kind === 'sentence-similarity');
    if (typeof list?.revisionId === 'string') this.revisions.push(list.revisionId);
    const result: VariantResult = {
      variant: variant.id,
      kind: variant.kind,
      list: this.id,
      parts,
      method,
      status: write.status,
      sent: variant.terms,
      ...(terms ? { stored: terms } : {}),
      matches: terms !== undefined && sameTerms(variant.terms, terms),
    };
    this.variants.push(result);
    return result;
  }

  private record(variant: Variant, method: 'POST' | 'PUT', res: ProbeResult, parts: string[]): VariantResult {
    const { message, code } = errorBodyShape(res);
    const error = message ?? code ?? (res.bodyText.slice(0, 200) || undefined);
    const result: VariantResult = {
      variant: variant.id,
      kind: variant.kind,
      list: this.id,
      parts,
      method,
      status: res.status,
      sent: variant.terms,
      matches: false,
      ...(error ? { error } : {}),
    };
    this.variants.push(result);
    return result;
  }

  /** The step names tests and the progress line see: the pattern probe's variants keep their plain names. */
  private label(variant: Variant): string {
    return variant.kind === 'pattern' ? variant.id : `${variant.kind} ${variant.id}`;
  }

  private async probeOrStop(req: Parameters<CometChatClient['probe']>[0]): Promise<ProbeResult> {
    try {
      return await this.client.probe(req);
    } catch (err) {
      if (err instanceof ApiError) throw new ProbeStopped(cutShort(`${req.method} got no answer (${err.code ?? 'network error'})`));
      throw err;
    }
  }

  checkAbort(): void {
    if (this.opts.signal?.aborted) throw new ProbeStopped(undefined);
  }
}

/**
 * The entries of a stored list: `searchTerms`, or `disallowedSentences` (the published field of a
 * sentence list). For a sentence list the sentences win when both are there and not empty.
 */
export function storedEntries(list: Record<string, unknown> | undefined, sentences: boolean): string[] | undefined {
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((t): t is string => typeof t === 'string') : undefined);
  const terms = strings(list?.searchTerms);
  const disallowed = strings(list?.disallowedSentences);
  if (sentences && disallowed && (disallowed.length > 0 || !terms?.length)) return disallowed;
  return terms ?? disallowed;
}
