// `--write-probe`: one temporary list per kind, made and deleted one after the other (so one free
// slot is enough): the pattern list tries searchTerms and each CSV layout, the word list is created
// with a file, the sentence list with each sentenceEncoding; each kind tries both separators. Every
// list is deleted whatever happens: a refusal, a 5xx or an abort. No other list is ever written.
import type { CometChatClient, ProbeResult } from '../api/index.js';
import { CSV_QUOTINGS, SEARCH_TERMS_WITH_FILE, SENTENCE_ENCODINGS, TERM_SEPARATORS } from '../model/config.js';
import type { Category } from '../model/keyword-list.js';
import { defaultFieldSeen, descriptionKept, type ListingFacts } from './listing-shape.js';
import { cleanUp } from './probe-cleanup.js';
import { recommendTermsSettings } from './recommend.js';
import { ProbeRun, ProbeStopped } from './probe-run.js';
import type { Finding, VariantResult } from './report.js';
import { errorBodyShape } from './response-traits.js';
import { capacityFinding, combineCleanups, revisionFinding } from './write-findings.js';
import {
  fileVariant,
  kindFileVariant,
  otherOf,
  probeList,
  probeListId,
  probeListPath,
  searchTermsVariant,
  sentenceVariant,
  separatorVariant,
  type ProbeSettings,
} from './terms-variants.js';

export interface WriteProbeOptions {
  id: string;
  current: ProbeSettings;
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
  /** Every kind was probed to the end (no refusal, fault or abort stopped it): later probes may run. */
  completed: boolean;
}

type KindProbe = (run: ProbeRun, opts: WriteProbeOptions) => Promise<Finding[]>;

/** Pattern first: its create settles the key's scope and room for a list before anything else. */
const KIND_PROBES: [Category, KindProbe][] = [
  ['pattern', probePatterns],
  ['word', probeWords],
  ['sentence-similarity', probeSentences],
];

export async function runWriteProbe(client: CometChatClient, opts: WriteProbeOptions): Promise<WriteProbeResult> {
  const capacity = capacityFinding(opts.facts, opts.maxLists);
  if (capacity.needsAction) return { findings: [capacity], variants: [], interrupted: false, completed: false };
  const variants: VariantResult[] = [];
  const findings: Finding[] = [capacity];
  const cleanups: Finding[] = [];
  const revisions: string[][] = [];
  let interrupted = false;
  let completed = true;
  for (const [kind, probe] of KIND_PROBES) {
    const run = new ProbeRun(client, probeListId(opts.id, kind), variants, opts);
    let stopped = false;
    try {
      if (kind !== 'pattern') await ensureFree(client, run);
      // The other kinds send their files the way the pattern probe found to work (quoting, searchTerms beside).
      const tuned = kind === 'pattern' ? opts : { ...opts, current: fileSettingsFound(opts.current, variants) };
      findings.push(...(await probe(run, tuned)));
    } catch (err) {
      if (!(err instanceof ProbeStopped)) throw err;
      interrupted = opts.signal?.aborted === true;
      if (err.finding) findings.push(err.finding);
      stopped = true;
    } finally {
      // Runs on an abort or a bug too: a probe list must never be left behind.
      if (run.mayExist) cleanups.push(await cleanUp(client, { id: run.id, onStep: opts.onStep }));
      revisions.push(run.revisions);
    }
    if (stopped) {
      completed = false;
      break;
    }
  }
  // The revision check needs two writes to one list: the pattern list has the most.
  if (revisions[0] && revisions[0].length > 0) findings.push(revisionFinding(revisions[0]));
  if (cleanups.length > 0) findings.push(combineCleanups(cleanups));
  return { findings, variants, interrupted, completed };
}

function fileSettingsFound(current: ProbeSettings, variants: readonly VariantResult[]): ProbeSettings {
  const found = recommendTermsSettings(current, variants.filter((v) => v.kind === 'pattern'));
  return { ...current, csvQuoting: found.csvQuoting, searchTermsWithFile: found.searchTermsWithFile };
}

/** The derived ids (-word, -sentences) are new too: a GET must say 404 before the probe makes one. */
async function ensureFree(client: CometChatClient, run: ProbeRun): Promise<void> {
  run.checkAbort();
  let res: ProbeResult;
  try {
    res = await client.probe({ api: 'chat', method: 'GET', path: probeListPath(run.id) });
  } catch {
    throw new ProbeStopped(undefined);
  }
  if (res.status !== 404) {
    throw new ProbeStopped({
      id: 'write-probe',
      status: 'unknown',
      title: 'the write probe',
      detail: `A GET of ${run.id} answered HTTP ${res.status}, not 404, so the probe did not write it; the probes of the other kinds were not run.`,
      needsAction: true,
      hint: 'run `kwsync doctor --write-probe` again (it picks a new random id)',
    });
  }
}

/** searchTerms (the create), each CSV layout, then each separator. */
async function probePatterns(run: ProbeRun, opts: WriteProbeOptions): Promise<Finding[]> {
  const { current } = opts;
  const { result, res } = await run.write(searchTermsVariant(current));
  if (!run.mayExist) throw new ProbeStopped(createRefused(res, opts));
  const findings: Finding[] = [
    { id: 'key-scope', status: 'ok', title: 'the key may write', detail: 'The key created the probe list: it has the full-access scope apply needs.', needsAction: false },
  ];
  if (result.status >= 200 && result.status < 300 && run.stored) {
    findings.push(defaultFieldSeen('default' in run.stored ? 1 : 0, 1, 'the probe list as read back'));
    findings.push(descriptionKept(run.stored.description === probeList(opts.id, []).description));
  }
  // Each CSV quoting; the other searchTermsWithFile only when the current one does not store the terms.
  for (const quoting of [current.csvQuoting, otherOf(CSV_QUOTINGS, current.csvQuoting)]) {
    for (const withFile of [current.searchTermsWithFile, otherOf(SEARCH_TERMS_WITH_FILE, current.searchTermsWithFile)]) {
      const { result: r } = await run.write(fileVariant(current, quoting, withFile));
      if (r.matches) break;
    }
  }
  await separators(run, current, 'pattern');
  return findings;
}

/** Created with a CSV file (a POST with a file), then each separator. */
async function probeWords(run: ProbeRun, opts: WriteProbeOptions): Promise<Finding[]> {
  await run.write(kindFileVariant(opts.current, 'word'));
  await separators(run, opts.current, 'word');
  return [];
}

/**
 * Created with each sentenceEncoding in turn (the current one first), then a file. The separator
 * matters only for sentences in searchTerms: tried when the app took them that way.
 */
async function probeSentences(run: ProbeRun, opts: WriteProbeOptions): Promise<Finding[]> {
  const { current } = opts;
  let searchTermsTaken = false;
  for (const encoding of [current.sentenceEncoding, ...SENTENCE_ENCODINGS.filter((e) => e !== current.sentenceEncoding)]) {
    const { result } = await run.write(sentenceVariant(current, encoding));
    if (encoding === 'searchTerms') searchTermsTaken = result.status >= 200 && result.status < 300;
  }
  if (searchTermsTaken || current.sentenceEncoding === 'searchTerms') await separators(run, current, 'sentence-similarity');
  await run.write(kindFileVariant(current, 'sentence-similarity'));
  return [];
}

async function separators(run: ProbeRun, current: ProbeSettings, kind: Category): Promise<void> {
  const first = current.separators[kind];
  for (const separator of [first, otherOf(TERM_SEPARATORS, first)]) await run.write(separatorVariant(current, kind, separator));
}

function createRefused(res: ProbeResult, opts: WriteProbeOptions): Finding {
  const { message } = errorBodyShape(res);
  const said = `the service refused to create the probe list (HTTP ${res.status}${message ? `: ${message.replace(/[.\s]+$/, '')}` : ''})`;
  if (opts.facts.mayBeTruncated || /\blimit|at most|maximum|\b25\b/i.test(message ?? '')) {
    return {
      id: 'list-capacity',
      status: 'differs',
      title: 'room for the probe list',
      detail: `${capitalise(said)}. The listing may be cut short, so kwsync could not count the lists: most likely the app already holds its ${opts.maxLists} lists.`,
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

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
