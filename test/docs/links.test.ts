// Issue 32 item 3: the docs are one topic a page, and every link to a page and heading stays true
// (README, the docs pages, and the `docs/<page>.md#anchor` strings in source, tests and workflows).
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { anchorsOf, checkPages, checkTarget, docReferences, slug } from './markdown-links.js';

const ROOT = process.cwd();
const PAGES = readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`);

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === '__snapshots__' ? [] : filesUnder(path);
    return entry.isFile() && /\.(ts|mts|js|mjs|ya?ml|json|md)$/.test(entry.name) ? [path] : [];
  });
}

describe('links between the docs', () => {
  it('every relative link of README.md and docs/*.md leads to an existing file and heading', () => {
    expect(checkPages(ROOT, ['README.md', ...PAGES])).toEqual([]);
  });

  it('every docs/<page>.md(#anchor) named in src/, bench/, test/ and .github/ exists', () => {
    const sources = ['src', 'bench', 'test', '.github'].flatMap(filesUnder).filter((f) => !f.startsWith('test/docs/'));
    const refs = sources.flatMap((file) => docReferences(readFileSync(join(ROOT, file), 'utf8')).map((ref) => ({ file, ref })));
    expect(refs.length).toBeGreaterThan(10);
    const problems = refs.map(({ file, ref }) => checkTarget(ROOT, '.', ref) && { file, ref }).filter(Boolean);
    expect(problems).toEqual([]);
  });

  it('reports a made-up anchor, a missing page, and an anchor into a page that is only pending', () => {
    expect(checkTarget(ROOT, 'README.md', 'docs/operating.md#no-such-heading-here')).toEqual({
      file: 'README.md',
      link: 'docs/operating.md#no-such-heading-here',
      why: 'no heading #no-such-heading-here in docs/operating.md',
    });
    expect(checkTarget(ROOT, 'docs/adopting.md', '#not-on-this-page')?.why).toBe('no heading #not-on-this-page in docs/adopting.md');
    expect(checkTarget(ROOT, 'docs/adopting.md', 'no-such-page.md')?.why).toBe('no file docs/no-such-page.md');
    expect(checkTarget(ROOT, 'docs/adopting.md', 'architecture.md#no-such-layer-heading', ['docs/architecture.md'])?.why ?? 'exists').toMatch(/no (file|heading)/);
    // and a real one passes, so the check is not failing everything
    expect(checkTarget(ROOT, 'README.md', 'docs/commands.md#exit-codes')).toBeUndefined();
    expect(docReferences('see docs/commands.md#exit-codes, not cometchat/docs/x.md')).toEqual(['docs/commands.md#exit-codes']);
  });

  it("anchors follow GitHub's rules: lower case, punctuation dropped but - and _, spaces to -, repeats numbered", () => {
    expect(slug("Several apps: `--apps`")).toBe('several-apps---apps');
    expect(slug("Fifty targets: calls, minutes and GitHub's limits")).toBe('fifty-targets-calls-minutes-and-githubs-limits');
    expect(slug('What is live: `kwsync status`')).toBe('what-is-live-kwsync-status');
    expect([...anchorsOf('# A\n\n## Limits\n\n```\n## not a heading\n```\n\n### Limits\n')]).toEqual(['a', 'limits', 'limits-1']);
  });

  it('every heading of a page gets its own anchor, made only of letters, digits, _ and - (property)', () => {
    // Invariant: as on GitHub, n headings give n distinct anchors (repeats numbered, also when a
    // heading's own text looks like a numbered repeat), and no anchor keeps a space or punctuation.
    const text = fc.stringMatching(/^[A-Za-z0-9_'`:,.()-]{1,8}( [A-Za-z0-9_'`:,.()-]{1,8}){0,3}$/);
    fc.assert(
      fc.property(fc.array(fc.oneof(text, fc.constantFrom('Limits', 'Limits-1', 'limits 1')), { minLength: 1, maxLength: 8 }), (titles) => {
        const anchors = anchorsOf(titles.map((t, i) => `${'#'.repeat(1 + (i % 3))} ${t}\n\nbody\n`).join('\n'));
        return anchors.size === titles.length && [...anchors].every((a) => /^[\p{L}\p{M}\p{N}\p{Pc}-]*$/u.test(a));
      }),
      { numRuns: 300, seed: 3232 },
    );
  });
});

describe('one topic a page', () => {
  it.each(PAGES)('%s is under 650 lines', (page) => {
    const lines = readFileSync(join(ROOT, page), 'utf8').split('\n').length - 1;
    expect({ page, lines, under650: lines < 650 }).toEqual({ page, lines, under650: true });
  });

  it('the README indexes every docs page', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    for (const page of PAGES) expect({ page, indexed: readme.includes(`](${relative(ROOT, join(ROOT, page))})`) }).toEqual({ page, indexed: true });
  });
});
