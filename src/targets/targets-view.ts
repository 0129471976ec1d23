// `kwsync targets` as plain data: per target the lists it sends (name and term count after its
// overrides and appended terms) and the folder's lists it leaves out, with why. Offline: built from
// the validation alone. The zod schema is the published shape of `--format json`
// (`kwsync schema --output targets`); the text renderer is a pure function of it.
import { posix, relative, sep } from 'node:path';
import { z } from 'zod';
import type { DesiredList } from '../model/keyword-list.js';
import type { RepoValidation } from '../validate/index.js';
import { leftOutText, type LeftOut } from './left-out.js';

export const TARGETS_FORMAT_VERSION = 1;

const takenSchema = z.strictObject({
  id: z.string(),
  name: z.string().describe('The name sent, after the target\'s override.'),
  path: z.string().describe('The list file, relative to the keywords folder.'),
  category: z.enum(['word', 'pattern', 'sentence-similarity']),
  terms: z.number().int().describe('Terms sent: the file\'s own plus any appended for this target.'),
  appendedTerms: z.number().int().describe('Of those, appended by the target\'s overrides (appendTermsFrom).'),
  renamed: z.boolean().describe('The target\'s override changes the name.'),
  redescribed: z.boolean().describe('The target\'s override changes the description.'),
});

const leftOutSchema = z.strictObject({
  id: z.string(),
  path: z.string(),
  reason: z.enum(['not-included', 'excluded-by-id', 'excluded-by-label', 'excluded-by-path', 'omitted']),
  by: z.string().optional().describe('The exclude entry (id, label or glob) that matched.'),
});

export const targetsReportSchema = z.strictObject({
  formatVersion: z.literal(TARGETS_FORMAT_VERSION),
  folder: z.string().describe('The keywords folder, relative to the working directory.'),
  configFile: z.string().nullable().describe('kwsync.yaml, or null when there is none (one target: the environment).'),
  errorCount: z.number().int().describe('Errors found validating the folder: the view shows the lists that loaded; fix them before trusting it.'),
  warningCount: z.number().int(),
  lists: z.number().int().describe('List files in the folder that loaded.'),
  targets: z.array(
    z.strictObject({
      name: z.string().describe('The kwsync.yaml target name, or "(environment)" without targets.'),
      takes: z.array(takenSchema),
      leftOut: z.array(leftOutSchema),
    }),
  ),
});
export type TargetsReport = z.output<typeof targetsReportSchema>;

export const ENVIRONMENT_TARGET = '(environment)';

/** The report of a validated folder (`folder`: the keywords folder as the working directory names it). */
export function targetsReport(v: RepoValidation, folder: string): TargetsReport {
  const pathOf = (l: DesiredList) => posix.normalize(relative(folder, l.source.file).split(sep).join('/'));
  const own = new Map(v.folderLists.map((l) => [l.id, l]));
  const taken = (l: DesiredList) => {
    const file = own.get(l.id);
    const appended = Math.max(0, l.searchTerms.length - (file?.searchTerms.length ?? l.searchTerms.length));
    return { id: l.id, name: l.name, path: pathOf(l), category: l.category, terms: l.searchTerms.length, appendedTerms: appended, renamed: file !== undefined && file.name !== l.name, redescribed: file !== undefined && file.description !== l.description };
  };
  const targets = v.targetLists
    ? Object.entries(v.targetLists).map(([name, lists]) => ({ name, takes: lists.map(taken), leftOut: (v.targetsLeftOut?.[name] ?? []).map(clean) }))
    : [{ name: ENVIRONMENT_TARGET, takes: v.folderLists.map(taken), leftOut: [] }];
  return { formatVersion: TARGETS_FORMAT_VERSION, folder, configFile: v.configFile, errorCount: v.errorCount, warningCount: v.warningCount, lists: v.folderLists.length, targets };
}

function clean(l: LeftOut): TargetsReport['targets'][number]['leftOut'][number] {
  return { id: l.id, path: l.path, reason: l.reason, ...(l.by !== undefined ? { by: l.by } : {}) };
}

/** One block per target: what it takes (name, terms, what its overrides change), then what it leaves out and why; columns aligned. */
export function renderTargetsText(r: TargetsReport): string {
  const out: string[] = [];
  const where = r.configFile ? `targets of ${r.configFile}` : `no kwsync.yaml: one target, the environment`;
  out.push(`${r.lists} list file${r.lists === 1 ? '' : 's'} in ${r.folder}/; ${where}`);
  for (const t of r.targets) {
    out.push('', `${t.name}: takes ${t.takes.length} list${t.takes.length === 1 ? '' : 's'}${t.leftOut.length > 0 ? `, leaves out ${t.leftOut.length}` : ''}`);
    // The ids share one column; what is sent and what is left out are each aligned on their own.
    const idWidth = Math.max(0, ...[...t.takes, ...t.leftOut].map((l) => [...l.id].length));
    const id = (mark: string, l: { id: string }) => `${mark} ${l.id}${' '.repeat(idWidth - [...l.id].length)}`;
    const takes = t.takes.map((l) => {
      const notes = [l.renamed ? 'renamed' : '', l.redescribed ? 'description overridden' : '', l.appendedTerms > 0 ? `${l.appendedTerms} appended` : ''].filter(Boolean);
      return [id('+', l), JSON.stringify(l.name), `${l.terms} term${l.terms === 1 ? '' : 's'}${notes.length > 0 ? ` (${notes.join(', ')})` : ''}`, l.path];
    });
    const left = t.leftOut.map((l) => [id('-', l), leftOutText(l), l.path]);
    out.push(...aligned(takes).map((line) => `  ${line}`), ...aligned(left).map((line) => `  ${line}`));
  }
  if (r.errorCount > 0) out.push('', `${r.errorCount} error(s) in the folder: lists that did not load are missing above; run kwsync validate.`);
  return `${out.join('\n')}\n`;
}

/**
 * `kwsync targets --matrix`: the folder's lists down, the targets across; each cell says what that
 * target's app receives of the list: its term count (with what its override changes), or why not.
 */
export function renderTargetsMatrix(r: TargetsReport): string {
  const ids: string[] = [];
  for (const t of r.targets) for (const l of [...t.takes, ...t.leftOut]) if (!ids.includes(l.id)) ids.push(l.id);
  const cell = (t: TargetsReport['targets'][number], id: string): string => {
    const taken = t.takes.find((l) => l.id === id);
    if (taken) {
      const notes = [taken.appendedTerms > 0 ? `+${taken.appendedTerms} appended` : '', taken.renamed ? 'renamed' : ''].filter(Boolean);
      return `${taken.terms}${notes.length > 0 ? ` (${notes.join(', ')})` : ''}`;
    }
    const left = t.leftOut.find((l) => l.id === id);
    if (!left) return '?';
    return left.reason === 'omitted' ? '- omitted' : left.reason === 'not-included' ? '- not included' : '- excluded';
  };
  const rows = [['LIST', ...r.targets.map((t) => t.name)], ...ids.map((id) => [id, ...r.targets.map((t) => cell(t, id))])];
  const totals = ['lists sent', ...r.targets.map((t) => String(t.takes.length))];
  return `${aligned([...rows, totals]).join('\n')}\n\nEach cell: the terms that target's app receives of the list (after its overrides), or why it receives none.\n`;
}

/** Rows padded to the widest cell of each column (by code points), trailing blanks trimmed. */
function aligned(rows: readonly (readonly string[])[]): string[] {
  const width = (s: string) => [...s].length;
  const cols = Math.max(0, ...rows.map((r) => r.length));
  const widths = Array.from({ length: cols }, (_, i) => Math.max(0, ...rows.map((r) => width(r[i] ?? ''))));
  return rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c + ' '.repeat((widths[i] ?? 0) - width(c)))).join('  ').trimEnd());
}
