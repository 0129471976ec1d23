// Issue 27 item 8: every class of look-alike in Unicode's confusables data is warned (dotless i,
// Greek and Cyrillic letters, fullwidth and mathematical forms, Cherokee), through validateRepo on
// files; a list written in the script for real, and ASCII lists, are left alone. Then the whole of
// confusables.txt (as the unhomoglyph package ships it): every character that passes for an ASCII
// letter, put in an otherwise ASCII word of an English list, gets one of the three warnings.
import { createRequire } from 'node:module';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateRepo } from '../../src/validate/index.js';
import { checkConfusables } from '../../src/validate/confusables.js';
import { asciiLookAlike } from '../../src/render/look-alikes.js';
import type { PlacedList } from '../../src/validate/rules/repo.js';
import type { TermsSource } from '../../src/load/terms-source.js';

const LOOK_ALIKE_RULES = ['term-mixed-script', 'term-confusable', 'term-look-alike'];

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kwsync-look-alike-'));
  mkdirSync(join(dir, 'keywords'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const list = (terms: string[]) => `id: a\nname: A\ncategory: word\nsearchTerms:\n${terms.map((t) => `  - "${t}"`).join('\n')}\n`;
async function warned(terms: string[]): Promise<{ rule: string; line: number; message: string; severity: string }[]> {
  writeFileSync(join(dir, 'keywords', 'a.yaml'), list(terms));
  const result = await validateRepo({ dir: 'keywords', cwd: dir });
  return result.diagnostics.filter((d) => LOOK_ALIKE_RULES.includes(d.rule));
}

// [class, the term, the rule, what the message must name]
const WARNED: [string, string, string, string][] = [
  ['dotless i (Latin, one script)', 'k\u0131ll', 'term-look-alike', 'U+0131 LATIN SMALL LETTER DOTLESS I'],
  ['all Greek capitals', '\u0391\u0392\u0395', 'term-look-alike', 'U+0391 GREEK CAPITAL LETTER ALPHA'],
  ['Greek omicron among Latin', '\u03bfpen', 'term-mixed-script', 'U+03BF GREEK SMALL LETTER OMICRON'],
  ['all Cyrillic letters', '\u0455\u0441\u0430\u0440', 'term-look-alike', 'U+0455 CYRILLIC SMALL LETTER DZE'],
  ['one Cyrillic letter among Latin', 'sc\u0430m', 'term-mixed-script', 'U+0430 CYRILLIC SMALL LETTER A'],
  ['fullwidth forms', '\uff53\uff43\uff41\uff4d', 'term-look-alike', 'U+FF53 FULLWIDTH LATIN SMALL LETTER S'],
  ['mathematical bold', '\u{1d42c}\u{1d41c}\u{1d41a}\u{1d426}', 'term-look-alike', 'U+1D42C MATHEMATICAL BOLD SMALL S'],
  ['Cherokee', '\u13da\u13df\u13aa\u13b7', 'term-look-alike', 'U+13AA CHEROKEE LETTER GO'],
  ['Turkish capital dotted I in an English word', '\u0130diot', 'term-look-alike', 'U+0130 LATIN CAPITAL LETTER I WITH DOT ABOVE'],
  ['script small l', '\u2113ol', 'term-look-alike', 'U+2113 SCRIPT SMALL L'],
];

describe('look-alike classes (issue 27 item 8)', () => {
  it.each(WARNED)('%s: %s is warned by %s', async (_cls, term, rule, names) => {
    const found = await warned(['hello', term]);
    expect(found.map((d) => [d.rule, d.line])).toEqual([[rule, 6]]);
    expect(found[0]!.message).toContain(names);
  });

  it('the look-alike message says what it reads as and offers the ASCII spelling', async () => {
    const [d] = await warned(['hello', 'k\u0131ll']);
    expect(d!.message).toBe(
      'term "k\u0131ll" reads as "kill" but is written with look-alike characters (U+0131 LATIN SMALL LETTER DOTLESS I): the service compares characters, so it catches "k\u0131ll" typed with these same characters, never a message saying "kill"; write `kill`, or keep the look-alike on purpose and accept term-look-alike',
    );
    expect(d!.severity).toBe('warning'); // evasion lists hold look-alikes on purpose
    const [compat] = await warned(['hello', '\uff4b\uff59\uff53']);
    expect(compat!.message).toContain("kwsync's matcher folds them to \"kys\" (NFKC), but the service's matching is not published");
  });

  // [why it is harmless, the terms]
  const SILENT: [string, string[]][] = [
    ['Turkish list (ş, ğ written for real)', ['k\u0131z', '\u015fer', 'da\u011f', '\u0130stanbul']],
    ['Greek list (λ written for real)', ['\u039a\u0391\u0399', '\u03bb\u03cc\u03b3\u03bf\u03c2']],
    ['Russian list (б, д written for real)', ['\u0441\u043e\u0440', '\u0431\u0440\u0435\u0434']],
    ['Japanese list with fullwidth Latin', ['\uff57\uff57\uff57', '\u3070\u304b']],
    ['accents', ['caf\u00e9', 'na\u00efve']],
    ['ASCII evasions', ['l00k', 'scarn']],
  ];
  it.each(SILENT)('silent: %s', async (_why, terms) => {
    expect(await warned(terms)).toEqual([]);
  });

  it('the whole confusables data: every character passing for an ASCII letter is warned in an English word', async () => {
    const require = createRequire(import.meta.url);
    const data = require('unhomoglyph/data.json') as Record<string, string>;
    const chars = Object.entries(data)
      .filter(([ch, proto]) => /^[a-z]$/i.test(proto) && !/^[\x00-\x7f]$/.test(ch) && /\p{L}/u.test(ch))
      .map(([ch]) => ch);
    expect(chars.length).toBeGreaterThan(300);
    // One list per character, so two characters of one prototype do not pair up as each other's twin.
    const missed: string[] = [];
    for (const ch of chars) {
      const values = ['hello', `ok${ch}ok`];
      const terms = { file: 'keywords/a.yaml', values, locate: (i: number) => ({ file: 'keywords/a.yaml', line: i + 1, column: 1 }) } as unknown as TermsSource;
      if (!(await checkConfusables([{ terms } as unknown as PlacedList])).some((d) => LOOK_ALIKE_RULES.includes(d.rule) && d.line === 2)) missed.push(ch);
    }
    expect(missed.map((ch) => ch.codePointAt(0)!.toString(16))).toEqual([]);
  });

  it('ASCII terms cost no look-alike work: asciiLookAlike is null on them', () => {
    for (const t of ['scam', 'kill yourself', 'l00k', '']) expect(asciiLookAlike(t)).toBeNull();
  });
});
