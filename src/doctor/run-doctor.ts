// `kwsync doctor` without the shell: read checks, then (if asked) the write probe, then the settings
// to use. Takes a connected client and the parsed kwsync.yaml; returns plain data.
import { randomBytes } from 'node:crypto';
import type { CometChatClient } from '../api/index.js';
import type { KwsyncConfig } from '../model/config.js';
import { runReadChecks } from './read-checks.js';
import { kindFindings, recommendKindSettings } from './kind-recommend.js';
import { recommendTermsSettings, settingChanges, termsFindings } from './recommend.js';
import { FINDING_IDS, type DoctorReport, type DoctorSettings, type Finding } from './report.js';
import { runWriteProbe } from './write-probe.js';
import { runRuleProbe } from './rule-probe.js';
import { withProbeRetries } from './retrying-probe.js';

export interface DoctorOptions {
  config: Pick<KwsyncConfig, 'service' | 'limits'> & Partial<Pick<KwsyncConfig, 'preview'>>;
  /** For the report: the target name, app id or base URL. Never the key. */
  target: string;
  /** App id, region and host, for the header (so nobody probes the wrong app unawares). */
  endpoint?: DoctorReport['endpoint'];
  writeProbe: boolean;
  /** Try paging parameters on the keyword listing even when it does not look cut short. */
  listingPaging?: boolean;
  /** Default: `kwsync-probe-<10 random hex digits>`; a fresh id no list can have. */
  probeId?: string;
  signal?: AbortSignal;
  onStep?: (step: string) => void;
}

export interface DoctorOutcome {
  report: DoctorReport;
  /** The signal fired during the write probe (which still deleted its list). */
  interrupted: boolean;
}

export function newProbeId(): string {
  return `kwsync-probe-${randomBytes(5).toString('hex')}`;
}

export async function runDoctor(rawClient: CometChatClient, opts: DoctorOptions): Promise<DoctorOutcome> {
  // 429/5xx/resets are retried with the client's policy; what stays busy reads "busy, run again".
  const client = withProbeRetries(rawClient);
  const id = opts.probeId ?? newProbeId();
  const { service } = opts.config;
  const current: DoctorSettings = {
    termsTransport: service.termsTransport,
    csvQuoting: service.csvQuoting,
    searchTermsWithFile: service.searchTermsWithFile,
    timeoutMs: service.timeoutMs,
    sentenceEncoding: service.sentenceEncoding,
    separators: { ...service.separators },
    listingPaging: service.listingPaging,
    ruleReferenceFlag: service.ruleReferenceFlag,
    ruleValueForm: service.ruleValueForm,
  };
  // The probe id is read first: a 404 for it also shows it is free before the write probe makes it.
  const read = await runReadChecks(client, {
    missingId: id,
    timeoutMs: current.timeoutMs,
    listingPaging: opts.listingPaging,
    currentListingPaging: current.listingPaging,
    previewGroups: opts.config.preview?.groups,
  });
  let findings = read.findings;
  let recommended: DoctorSettings = { ...current, timeoutMs: read.timeoutMs, listingPaging: read.listingPaging ?? current.listingPaging };
  let variants: DoctorReport['variants'] = [];
  let interrupted = false;
  const probed = opts.writeProbe && read.facts !== undefined && opts.signal?.aborted !== true;
  if (probed && read.facts) {
    const write = await runWriteProbe(client, {
      id,
      current,
      maxLists: opts.config.limits.maxLists,
      facts: read.facts,
      signal: opts.signal,
      onStep: opts.onStep,
    });
    variants = write.variants;
    interrupted = write.interrupted;
    const patterns = variants.filter((v) => v.kind === 'pattern');
    const kinds = recommendKindSettings(current, variants);
    // A pattern separator that works where the current one does not fixes searchTerms itself.
    const separatorFix = kinds.separators.pattern !== current.separators.pattern ? kinds.separators.pattern : undefined;
    const terms = recommendTermsSettings(current, patterns, separatorFix);
    recommended = { ...recommended, ...terms, ...kinds };
    findings = merge(findings, [...write.findings, ...termsFindings(current, terms, patterns, separatorFix), ...kindFindings(current, kinds, variants)]);
    // The rules probe: after the keyword probes (their lists are gone), only when they ran to the end.
    if (write.completed && !interrupted && opts.signal?.aborted !== true) {
      const rules = await runRuleProbe(client, { id, current: { ruleReferenceFlag: current.ruleReferenceFlag, ruleValueForm: current.ruleValueForm }, signal: opts.signal, onStep: opts.onStep });
      interrupted = rules.interrupted;
      recommended = { ...recommended, ...rules.recommended };
      findings = merge(findings, rules.findings);
    }
  } else if (read.facts) {
    findings = merge(findings, [notProbed()]);
  }
  const changes = settingChanges(current, recommended);
  return {
    report: {
      formatVersion: 1,
      target: opts.target,
      ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
      writeProbe: probed,
      ...(probed ? { probeListId: id } : {}),
      findings,
      variants,
      current,
      recommended,
      changes,
      ok: changes.length === 0 && !findings.some((f) => f.needsAction),
    },
    interrupted,
  };
}

/** Later findings replace earlier ones with the same id (the write probe settles what reads could not). */
function merge(base: Finding[], later: Finding[]): Finding[] {
  const byId = new Map(base.map((f) => [f.id, f]));
  for (const f of later) byId.set(f.id, f);
  return [...byId.values()].sort((a, b) => FINDING_IDS.indexOf(a.id) - FINDING_IDS.indexOf(b.id));
}

function notProbed(): Finding {
  return {
    id: 'write-probe',
    status: 'unknown',
    title: 'how the app stores terms',
    detail:
      'Not run. Whether terms sent in searchTerms or in a CSV file (and with which quoting) are stored as sent, how sentences travel (sentenceEncoding), ' +
      'which separator each kind takes, whether the key may write, and how the app reads a rule (reference flag, value form, several lists per condition, replace or merge, action strings) ' +
      'only a write shows: run `kwsync doctor --write-probe`. It uses a temporary list per kind, one at a time, then a switched-off rule and its list, and deletes each. The settings below keep the current values for these.',
    needsAction: false,
  };
}
