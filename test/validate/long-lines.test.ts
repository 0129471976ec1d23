// Finding T1-4: a diagnostic carries at most a ~160-character window of its source line, so
// output grows linearly with the number of diagnostics, in every format.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clipSourceLine, SourceText } from '../../src/load/source-text.js';
import { renderDiagnosticsText } from '../../src/validate/render-text.js';
import { kwsync } from '../helpers/cli.js';

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'kwsync-long-'));
  mkdirSync(join(tmp, 'keywords'));
  const terms = Array.from({ length: 20_000 }, () => 'dup').join(', ');
  writeFileSync(join(tmp, 'keywords/dups.yaml'), `id: dups\nname: Dups\ncategory: word\nsearchTerms: [${terms}]\n`);
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

it('20,000 duplicates on one line: json output stays linear in the diagnostics', async () => {
  const r = await kwsync(['validate', '--format', 'json'], {}, tmp);
  expect(r.code).toBe(3);
  const json = JSON.parse(r.stdout) as { diagnostics: { sourceLine?: string; rule: string }[] };
  expect(json.diagnostics).toHaveLength(19_999);
  expect(json.diagnostics.every((d) => d.rule === 'duplicate-term' && (d.sourceLine?.length ?? 0) <= 162)).toBe(true);
  expect(r.stdout.length).toBeLessThan(json.diagnostics.length * 600);
});

it('github format: one bounded line per diagnostic', async () => {
  const r = await kwsync(['validate', '--format', 'github'], {}, tmp);
  const lines = r.stdout.trim().split('\n');
  expect(lines).toHaveLength(20_000); // diagnostics + summary
  expect(Math.max(...lines.map((l) => l.length))).toBeLessThan(300);
});

describe('clipSourceLine', () => {
  const line = `${'a'.repeat(500)}X${'b'.repeat(500)}`;
  it('keeps short lines whole, control characters made visible', () => {
    expect(clipSourceLine('  - x', 5)).toBe('  - x');
    expect(clipSourceLine('a\u001b[31mb\rc', 1)).toBe('a\u241b[31mb\u240dc');
  });
  it('cuts a long line around the column, marking the cuts', () => {
    const clipped = clipSourceLine(line, 501);
    expect(clipped.length).toBeLessThanOrEqual(162);
    expect(clipped.startsWith('…') && clipped.endsWith('…')).toBe(true);
    expect(clipSourceLine(line, 3).startsWith('aaa')).toBe(true);
  });
  it('text format puts the caret under the column even in a clipped line', () => {
    const pos = new SourceText('k/a.yaml', line).at(500, true);
    const out = renderDiagnosticsText([{ ...pos, severity: 'error', rule: 'r', message: 'm' }], { color: false }).split('\n');
    expect(out[1]![out[2]!.indexOf('^')]).toBe('X');
  });
  it('a source line starting with :: cannot become a workflow command', () => {
    const out = renderDiagnosticsText([{ file: 'k/a.yaml', line: 2, column: 3, severity: 'error', rule: 'r', message: 'm', sourceLine: '  ::error::spoofed' }], { color: false });
    expect(out.split('\n').some((l) => l.trimStart().startsWith('::'))).toBe(false);
  });
});
