// The text form of a doctor report: one block per finding, then the `service:` block to paste into
// kwsync.yaml, then one line that says whether anything must change. Pure.
import { endpointLine } from '../plan/summary.js';
import type { DoctorReport, FindingStatus } from './report.js';

const MARK: Record<FindingStatus, string> = { ok: 'ok', differs: 'DIFFERS', unknown: 'unknown' };

export function renderDoctorText(report: DoctorReport): string {
  const lines: string[] = [`kwsync doctor for target "${report.target}" (${report.writeProbe ? `write probe, temporary lists ${report.probeListId}, -word, -sentences` : 'read-only'})`];
  if (report.endpoint) lines.push(`  ${endpointLine(report.endpoint)}`);
  lines.push('');
  for (const f of report.findings) {
    lines.push(`${MARK[f.status].padEnd(8)} ${f.title}`);
    lines.push(`         ${f.detail}`);
    if (f.assumed) lines.push(`         kwsync assumed: ${f.assumed}`);
    if (f.observed) lines.push(`         the app: ${f.observed}`);
    if (f.fix && f.status !== 'ok') lines.push(`         fix: ${f.fix}`);
    if (f.needsAction && f.hint) lines.push(`         hint: ${f.hint}`);
  }
  if (report.findings.find((f) => f.id === 'connection')?.status !== 'ok') {
    lines.push('', 'Nothing else was checked: fix the connection first (see the hint).', '');
    return lines.join('\n');
  }
  lines.push('', 'Settings for this app (paste into keywords/kwsync.yaml):', 'service:');
  const line = (indent: string, name: string, value: string, path: string) => {
    const change = report.changes.find((c) => c.setting === path);
    const setting = `${indent}${name}: ${value}`;
    lines.push(change ? `${setting.padEnd(34)} # was ${change.from}: ${change.reason}` : setting);
  };
  for (const [name, value] of Object.entries(report.recommended)) {
    if (typeof value !== 'object') {
      line('  ', name, String(value), name);
      continue;
    }
    lines.push(`  ${name}:`);
    for (const [kind, v] of Object.entries(value)) line('    ', kind, String(v), `${name}.${kind}`);
  }
  lines.push('', summary(report), '');
  return lines.join('\n');
}

function summary(report: DoctorReport): string {
  if (report.ok) return 'Everything checked works with the current settings.';
  const actions = report.findings.filter((f) => f.needsAction).length;
  const parts = [
    ...(report.changes.length > 0 ? [`${report.changes.length} setting${report.changes.length === 1 ? '' : 's'} should change`] : []),
    ...(actions > 0 ? [`${actions} finding${actions === 1 ? ' needs' : 's need'} action (see the hints)`] : []),
  ];
  return `${parts.join('; ')}.`;
}
