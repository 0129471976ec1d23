// Look-alike terms through the real path (files on disk, validateRepo): a Cyrillic letter in a Latin
// term, a term that differs from another list's term only by confusable characters, a hidden
// zero-width character; and what is left alone (a plain word of another script, ASCII variants, a
// Japanese mix). Plus the path rule: a file name with a control character is refused, located.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateRepo } from '../../src/validate/index.js';
import { describeChar } from '../../src/render/char-names.js';
import { mixedScripts, skeleton } from '../../src/render/look-alikes.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kwsync-confusables-'));
  mkdirSync(join(dir, 'keywords'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, text: string) => writeFileSync(join(dir, 'keywords', name), text);
const validate = () => validateRepo({ dir: 'keywords', cwd: dir });
const rulesOf = (ds: { rule: string }[]) => ds.map((d) => d.rule).filter((r) => r.startsWith('term-mixed') || r === 'term-confusable' || r === 'path-control-character');

describe('look-alikes (UTS #39)', () => {
  it('skeleton: scam and sсam (Cyrillic с) share one; describeChar names the character', () => {
    expect(skeleton('s\u0441am')).toBe(skeleton('scam'));
    expect(describeChar('\u0441')).toBe('U+0441 CYRILLIC SMALL LETTER ES');
    expect(mixedScripts('s\u0441am')).toEqual({ scripts: ['Latin', 'Cyrillic'], odd: ['\u0441'] });
    expect(mixedScripts('привет')).toBeNull();
    expect(mixedScripts('iPhone手机')).toBeNull(); // Latin + Han is allowed (UTS #39 highly restrictive)
    expect(mixedScripts('日本語のテキスト')).toBeNull();
  });

  it('warns on scam -> sсam: mixed scripts and a look-alike of a term in another list, located, naming U+0441', async () => {
    write('a.yaml', 'id: a\nname: A\ncategory: word\nsearchTerms:\n  - scam\n  - fraud\n');
    write('b.yaml', 'id: b\nname: B\ncategory: word\nsearchTerms:\n  - hello\n  - s\u0441am\n');
    const result = await validate();
    const found = result.diagnostics.filter((d) => d.rule === 'term-mixed-script' || d.rule === 'term-confusable');
    expect(found.map((d) => [d.file, d.line, d.column, d.severity, d.rule])).toEqual([
      ['keywords/b.yaml', 6, 5, 'warning', 'term-mixed-script'],
      ['keywords/b.yaml', 6, 5, 'warning', 'term-confusable'],
    ]);
    for (const d of found) expect(d.message).toContain('U+0441 CYRILLIC SMALL LETTER ES');
    expect(found[1]!.message).toContain('looks like "scam" (keywords/a.yaml:5:5)');
    expect(result.errorCount).toBe(0);
  });

  it('warns on a whole-script look-alike (all Cyrillic раура) of a Latin term in the same list', async () => {
    write('a.yaml', 'id: a\nname: A\ncategory: word\nsearchTerms:\n  - paypa\n  - \u0440\u0430\u0443\u0440\u0430\n');
    const found = (await validate()).diagnostics.filter((d) => d.rule === 'term-confusable');
    expect(found).toHaveLength(1);
    expect(found[0]!.message).toMatch(/U\+0440 CYRILLIC SMALL LETTER ER, U\+0430 CYRILLIC SMALL LETTER A, U\+0443 CYRILLIC SMALL LETTER U/);
  });

  it('leaves alone plain words of other scripts, ASCII look-alikes, and case variants', async () => {
    write('a.yaml', 'id: a\nname: A\ncategory: word\nsearchTerms:\n  - привет\n  - 你好\n  - scarn\n  - scam\n  - l00k\n  - look\n  - café\n  - cafe\n');
    expect(rulesOf((await validate()).diagnostics)).toEqual([]);
  });

  it('refuses a list file whose name holds a control character, at the file', async () => {
    write('ok.yaml', 'id: ok\nname: OK\ncategory: word\nsearchTerms: [a]\n');
    write('x\u001b[31m.yaml', 'id: x\nname: X\ncategory: word\nsearchTerms: [b]\n');
    const result = await validate();
    const refused = result.diagnostics.filter((d) => d.rule === 'path-control-character');
    expect(refused.map((d) => [d.file, d.line, d.column, d.severity])).toEqual([['keywords/x\u001b[31m.yaml', 1, 1, 'error']]);
    expect(refused[0]!.message).toContain('\\u001b');
    expect(result.errorCount).toBeGreaterThan(0);
  });
});
