// Finding T1-6: user text in messages is quoted, escaped and truncated: a diagnostic stays one
// line and no value can start a `::` workflow command or carry a whole file into a message.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { quote } from '../../src/load/quote-value.js';
import { kwsync } from '../helpers/cli.js';

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'kwsync-escape-'));
  mkdirSync(join(tmp, 'keywords'));
  const example = JSON.stringify('nothing here\n::error file=x.yaml,line=1::spoofed annotation');
  writeFileSync(join(tmp, 'keywords/a.yaml'), `id: a\nname: A\ncategory: word\nsearchTerms: [heck]\ntests:\n  shouldMatch: [${example}, "${'long '.repeat(2000)}"]\n`);
  writeFileSync(join(tmp, 'keywords/b.yaml'), `id: b\nname: B\ncategory: "wordz\\n::warning::fake\\u001b[31m"\nsearchTerms: [x]\n`);
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

it('quote escapes controls, bidi overrides and truncates', () => {
  expect(quote('a\nb')).toBe('"a\\nb"');
  expect(quote('\u001b[31m\u202e')).toBe('"\\u001b[31m\\u202e"');
  expect(quote('x'.repeat(100))).toBe(`"${'x'.repeat(60)}…"`);
});

it.each(['text', 'github', 'json'])('--format %s: every diagnostic one short line, no :: at a line start', async (format) => {
  const r = await kwsync(['validate', '--format', format], {}, tmp);
  expect(r.code).toBe(3);
  const lines = r.stdout.split('\n');
  expect(lines.filter((l) => l.trimStart().startsWith('::') && !l.startsWith('::error file=keywords/') && !l.startsWith('::warning file=keywords/'))).toEqual([]);
  expect(r.stdout).not.toContain('\u001b');
  expect(r.stdout).not.toContain('long '.repeat(100));
  expect(r.stdout).toContain('test-should-match');
  expect(r.stdout).toContain('invalid-category');
});

it('text: the example is shown escaped on the diagnostic line', async () => {
  const r = await kwsync(['validate'], {}, tmp);
  expect(r.stdout).toContain('no term of the list catches "nothing here\\n::error file=x.yaml,line=1::spoofed annotation"');
});
