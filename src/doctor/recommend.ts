// From what the write probe stored, the kwsync.yaml `service:` settings that work on this app, and
// one finding per question (searchTerms, file quoting, searchTerms beside a file). Pure.
import { CSV_QUOTINGS } from '../model/config.js';
import type { CsvQuoting, SearchTermsWithFile, TermsSettings } from '../model/terms-encoding.js';
import { SETTING_NAMES, type DoctorSettings, type Finding, type SettingChange, type SettingName, type VariantResult } from './report.js';
import { COMMA_SAMPLE } from './terms-variants.js';

interface FileOutcome {
  quoting: CsvQuoting;
  withFile: SearchTermsWithFile;
  result: VariantResult;
}

function fileOutcomes(variants: readonly VariantResult[]): FileOutcome[] {
  return variants.flatMap((v) => {
    const m = /^file-(none|rfc4180)-(empty|omit)$/.exec(v.variant);
    return m ? [{ quoting: m[1] as CsvQuoting, withFile: m[2] as SearchTermsWithFile, result: v }] : [];
  });
}

const accepted = (r: VariantResult) => r.status >= 200 && r.status < 300;
const shown = (terms: readonly string[] | undefined) => (terms ? JSON.stringify(terms) : 'nothing');

/** The terms settings that work, keeping each current value that does. */
/**
 * `separatorFix`: the pattern separator the write probe saw store entries as sent, when it is not
 * the current one; then searchTerms works once the separator changes, and no file is needed.
 */
export function recommendTermsSettings(current: TermsSettings, variants: readonly VariantResult[], separatorFix?: string): TermsSettings {
  // sentenceEncoding and separators are settled by kind-recommend.ts.
  const files = fileOutcomes(variants);
  const working = files.filter((f) => f.result.matches);
  const csvQuoting = working.some((f) => f.quoting === current.csvQuoting) ? current.csvQuoting : (working[0]?.quoting ?? current.csvQuoting);
  const withFileOk = new Set((working.length > 0 ? working.filter((f) => f.quoting === csvQuoting) : files.filter((f) => accepted(f.result))).map((f) => f.withFile));
  const searchTermsWithFile = withFileOk.has(current.searchTermsWithFile) || withFileOk.size === 0 ? current.searchTermsWithFile : [...withFileOk][0]!;
  const searchTermsOk = separatorFix !== undefined || variants.find((v) => v.variant === 'searchTerms')?.matches === true;
  // auto needs searchTerms for comma-free lists; file needs a file that stores terms as sent.
  const fileOk = working.length > 0 || files.some((f) => f.result.stored?.includes(COMMA_SAMPLE[1]!) === true && accepted(f.result));
  const termsTransport = current.termsTransport === 'auto' ? (searchTermsOk || !fileOk ? 'auto' : 'file') : fileOk || !searchTermsOk ? 'file' : 'auto';
  return { ...current, termsTransport, csvQuoting, searchTermsWithFile };
}

export function termsFindings(current: TermsSettings, recommended: TermsSettings, variants: readonly VariantResult[], separatorFix?: string): Finding[] {
  const findings: Finding[] = [];
  const st = variants.find((v) => v.variant === 'searchTerms');
  if (st) findings.push(searchTermsFinding(st, current, recommended, separatorFix));
  const files = fileOutcomes(variants);
  if (files.length > 0) findings.push(fileFinding(files, current, recommended), withFileFinding(files, current, recommended));
  return findings;
}

function searchTermsFinding(st: VariantResult, current: TermsSettings, recommended: TermsSettings, separatorFix?: string): Finding {
  const title = 'terms sent in searchTerms';
  if (st.matches) {
    return { id: 'terms-in-searchterms', status: 'ok', title, detail: `Comma-free terms sent as one comma-joined searchTerms part are stored as sent (${shown(st.sent)}).`, needsAction: false };
  }
  const what = accepted(st) ? `stored as ${shown(st.stored)}` : `refused (HTTP ${st.status}${st.error ? `: ${st.error}` : ''})`;
  if (separatorFix !== undefined) {
    return {
      id: 'terms-in-searchterms',
      status: 'differs',
      title,
      detail: `Terms sent in searchTerms as ${shown(st.sent)} (${current.separators.pattern}-separated) were ${what}; ${separatorFix}-separated they are stored as sent, so the separator is the fix, not a file.`,
      needsAction: true,
      hint: `set service.separators.pattern: ${separatorFix}`,
    };
  }
  const switched = recommended.termsTransport !== current.termsTransport;
  return {
    id: 'terms-in-searchterms',
    status: 'differs',
    title,
    detail: `Terms sent in searchTerms as ${shown(st.sent)} were ${what}.${switched ? ' A CSV file stores them as sent, so kwsync should always send a file.' : ''}`,
    needsAction: true,
    hint: switched ? `set service.termsTransport: ${recommended.termsTransport}` : 'report this to the kwsync maintainers with the output of `kwsync doctor --write-probe --format json`',
  };
}

function fileFinding(files: FileOutcome[], current: TermsSettings, recommended: TermsSettings): Finding {
  const title = 'terms with a comma, in a CSV file';
  const pattern = COMMA_SAMPLE[0]!;
  const byQuoting = (q: CsvQuoting) => files.find((f) => f.quoting === q && f.result.matches) ?? files.find((f) => f.quoting === q);
  const seen = CSV_QUOTINGS
    .map((q) => byQuoting(q))
    .filter((f): f is FileOutcome => f !== undefined)
    .map((f) => `csvQuoting ${f.quoting}: ${accepted(f.result) ? `stored as ${shown(f.result.stored)}` : `refused (HTTP ${f.result.status})`}`)
    .join('; ');
  const works = files.some((f) => f.result.matches);
  if (!works) {
    return {
      id: 'terms-in-file',
      status: 'differs',
      title,
      detail:
        `No CSV layout kwsync can send keeps ${pattern} whole (${seen}). Terms with a comma cannot be stored on this app. ` +
        `Rewrite such patterns without a comma: a bounded repeat {m,n} as m copies plus n-m optional ones (${pattern} → \\d{3}\\d?\\d?\\d?\\d?\\d?\\d?\\d?), ` +
        'and a literal comma as \\x2c. Find them with: grep -n "," keywords/*.yaml keywords/*.csv',
      needsAction: true,
      hint: 'rewrite the terms that contain a comma (see above); lists without one are not affected',
    };
  }
  if (recommended.csvQuoting !== current.csvQuoting) {
    return {
      id: 'terms-in-file',
      status: 'differs',
      title,
      detail: `With the current csvQuoting ${current.csvQuoting}, ${pattern} is not stored whole; with ${recommended.csvQuoting} it is (${seen}).`,
      needsAction: true,
      hint: `set service.csvQuoting: ${recommended.csvQuoting}`,
    };
  }
  return { id: 'terms-in-file', status: 'ok', title, detail: `${pattern} in a CSV file is stored whole with csvQuoting ${current.csvQuoting} (${seen}).`, needsAction: false };
}

function withFileFinding(files: FileOutcome[], current: TermsSettings, recommended: TermsSettings): Finding {
  const title = 'searchTerms beside a file';
  const describe = (w: SearchTermsWithFile) => (w === 'empty' ? 'an empty searchTerms part beside the file' : 'no searchTerms part beside the file');
  const refusedCurrent = files.find((f) => f.withFile === current.searchTermsWithFile && !accepted(f.result));
  if (recommended.searchTermsWithFile !== current.searchTermsWithFile) {
    const other = files.find((f) => f.withFile === recommended.searchTermsWithFile && accepted(f.result));
    const why = refusedCurrent ? `refused (HTTP ${refusedCurrent.result.status}${refusedCurrent.result.error ? `: ${refusedCurrent.result.error}` : ''})` : 'did not store the terms as sent';
    return {
      id: 'searchterms-beside-file',
      status: 'differs',
      title,
      detail: `A file with ${describe(current.searchTermsWithFile)} was ${why}; with ${describe(recommended.searchTermsWithFile)} it was accepted${other?.result.matches ? ' and stored as sent' : ''}.`,
      needsAction: true,
      hint: `set service.searchTermsWithFile: ${recommended.searchTermsWithFile}`,
    };
  }
  if (!files.some((f) => f.withFile === current.searchTermsWithFile && accepted(f.result))) {
    return { id: 'searchterms-beside-file', status: 'unknown', title, detail: 'The service accepted no file, with or without searchTerms beside it.', needsAction: false };
  }
  return { id: 'searchterms-beside-file', status: 'ok', title, detail: `A file with ${describe(current.searchTermsWithFile)} is accepted (searchTermsWithFile: ${current.searchTermsWithFile}).`, needsAction: false };
}

const REASONS: Record<SettingName, string> = {
  termsTransport: 'terms sent in searchTerms are not stored as sent; a file stores them',
  csvQuoting: 'only this CSV quoting keeps a term with a comma whole',
  searchTermsWithFile: 'the service refuses a file sent the current way',
  timeoutMs: 'the app answers slowly for the current timeout',
  sentenceEncoding: 'only this encoding of disallowedSentences stores each sentence whole',
  'separators.word': 'only this separator stores word entries one by one',
  'separators.pattern': 'only this separator stores pattern entries one by one',
  'separators.sentence-similarity': 'only this separator stores sentences one by one',
  listingPaging: 'the listing answers in pages this way, and kwsync reads every page only with it',
  ruleReferenceFlag: 'the app reads a rule condition\'s list reference only in this spelling',
  ruleValueForm: 'the app accepts a rule condition\'s value only in this form',
};

/** The value of one setting, as written in kwsync.yaml. */
export function settingValue(settings: DoctorSettings, name: SettingName): string {
  if (name.startsWith('separators.')) return settings.separators[name.slice('separators.'.length) as keyof DoctorSettings['separators']];
  return String(settings[name as Exclude<SettingName, `separators.${string}`>]);
}

export function settingChanges(current: DoctorSettings, recommended: DoctorSettings): SettingChange[] {
  return SETTING_NAMES.filter((k) => settingValue(current, k) !== settingValue(recommended, k)).map((k) => ({
    setting: k,
    from: settingValue(current, k),
    to: settingValue(recommended, k),
    reason: REASONS[k],
  }));
}
