// The escaping module against a real markdown parser (markdown-it with linkify, HTML on) as the
// oracle: whatever string is escaped, `prefix + escaped + suffix` parses to the one block it was put
// in, with no link, image, HTML, emphasis or code span of its own, and its rendered text has no
// mention, issue reference or URL that GitHub would link. Plus table-driven examples.
import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import {
  fenceFor,
  fenceLine,
  htmlCode,
  mdCell,
  mdCode,
  mdCodeCell,
  mdText,
  unicodeEscapes,
  visible,
} from '../../src/render/markdown-escape.js';
import { propertyRuns } from '../helpers/runs.js';

type Token = ReturnType<InstanceType<typeof MarkdownIt>['parse']>[number];

const md = new MarkdownIt({ html: true, linkify: true });
// GitHub autolinks `http(s)://`, `www.` and e-mail addresses, not bare domains or `//host`.
md.linkify.set({ fuzzyLink: false, fuzzyEmail: true });
md.linkify.add('//', null);

export const RUNS = { text: propertyRuns(2000, 20000), cell: propertyRuns(1000, 10000), code: propertyRuns(1000, 10000), html: propertyRuns(1000, 10000), fence: propertyRuns(800, 8000) };

/** Pieces an attacker would try, mixed with arbitrary Unicode. */
const PIECES = [
  '@team', '@org/team', 'user@example.com', '![x](y)', '![x](http://e/i.png)', '<img src=x>', '[a](b)', '[a]', '[x]: http://e',
  '<https://e>', 'https://evil', 'http://e/i.png', 'www.evil.com', 'WWW.E.COM', 'mailto:a@b.c', '//e.com', 'GH-1', 'gh-12', 'org/repo#1',
  '#1', '#', '# ', '## x', '> ', '- ', '+ ', '* ', '1. ', '1) ', '- [ ] ', '---', '===', '***', '*', '_', '**', '__', '~', '~~',
  '`', '``', '```', '~~~', '|', '\\|', '\\', '\\`', '<', '>', '</details>', '<details>', '<!--', '-->', '<script>', '&amp;', '&#64;',
  '&lt;', '&', ':', '.', '\n', '\r\n', '\r', '\n\n', '\t', ' ', '    ', '\u0000', '\u001b[31m', '\u200b', '\u200d', '\u202e', '\u2066',
  '\ufeff', '\u00a0', '\u2028', '\u0085', '\ufe0f', '[^1]', '$x$', '{{x}}', ':smile:', 'javascript:alert(1)', 'a', 'b', 'é',
];
const adversarial = fc.oneof(
  { weight: 3, arbitrary: fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 3 })), { maxLength: 12 }).map((p) => p.join('')) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom(...'@#[]()!<>`|\\*_~:/.w-G H1\n'.split('')), maxLength: 30 }) },
);

const ZW = /\u200b/g;
/** What GitHub would link on rendered text: mentions, issue references, URLs. */
const GITHUB_LINKED = [/@[A-Za-z0-9]/, /#[A-Za-z0-9]/, /\bGH-[0-9]/i, /:\/\//, /\bwww\./i];

function inlineOf(tokens: Token[]): Token[] {
  return tokens.filter((t) => t.type === 'inline').flatMap((t) => t.children ?? []);
}

function renderedText(children: Token[]): string {
  return children.map((c) => (c.type === 'text' || c.type === 'code_inline' ? c.content : '')).join('');
}

function assertInertText(children: Token[], expected: string): void {
  const types = new Set(children.map((c) => c.type));
  expect([...types].filter((t) => t !== 'text')).toEqual([]);
  const text = renderedText(children);
  for (const re of GITHUB_LINKED) expect(text).not.toMatch(re);
  expect(text.replace(ZW, '')).toBe(expected);
}

describe('mdText', () => {
  it.each([
    ['@team', '@&#8203;team'],
    ['see #12', 'see \\#&#8203;12'],
    ['GH-1', 'GH-&#8203;1'],
    ['https://evil', 'https:&#8203;//evil'],
    ['www.evil.com', 'www&#8203;.evil.com'],
    ['![x](http://e/i.png)', '!\\[x\\](http:&#8203;//e/i.png)'],
    ['<img src=x>', '\\<img src=x\\>'],
    ['- item', '\\- item'],
    ['12. x', '12\\. x'],
    ['removes 8 of 12 terms (67%), more than safety.maxRemovedShare (30%)', 'removes 8 of 12 terms (67%), more than safety.maxRemovedShare (30%)'],
    ['a\nb\r\n\r\nc', 'a b c'],
    ['s\u200bcam', 's\\\\u200bcam'],
    ['plain words', 'plain words'],
  ])('%j -> %j', (input, out) => {
    expect(mdText(input)).toBe(out);
  });

  it(`stays one paragraph of plain text, renders the input's visible form, links nothing (${RUNS.text} runs)`, () => {
    fc.assert(
      fc.property(adversarial, (s) => {
        const tokens = md.parse(`Before ${mdText(s)} after.`, {});
        expect(tokens.map((t) => t.type)).toEqual(['paragraph_open', 'inline', 'paragraph_close']);
        assertInertText(inlineOf(tokens), `Before ${visible(s)} after.`);
      }),
      { numRuns: RUNS.text },
    );
  });

  it('stays one list item', () => {
    fc.assert(
      fc.property(adversarial, (s) => {
        const tokens = md.parse(`- ${mdText(s)}`, {});
        expect(tokens.filter((t) => t.type === 'list_item_open')).toHaveLength(1);
        expect(tokens.filter((t) => t.type.startsWith('heading') || t.type.startsWith('blockquote') || t.type === 'fence' || t.type === 'html_block')).toEqual([]);
        assertInertText(inlineOf(tokens), visible(s));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('table cells: mdCell and mdCodeCell', () => {
  it(`one row of exactly two cells, plain text and one code element (${RUNS.cell} runs)`, () => {
    fc.assert(
      fc.property(adversarial, (s) => {
        const tokens = md.parse(`| a | b |\n|---|---|\n| x ${mdCell(s)} | ${mdCodeCell(s)} |\n`, {});
        expect(tokens.filter((t) => t.type === 'tr_open')).toHaveLength(2);
        expect(tokens.filter((t) => t.type === 'td_open')).toHaveLength(2);
        const cells = tokens.filter((t) => t.type === 'inline').slice(2);
        expect(cells).toHaveLength(2);
        const [text, code] = cells.map((c) => c.children ?? []);
        assertInertText(text!, s === '' ? 'x' : `x ${visible(s)}`);
        const kinds = code!.map((c) => c.type);
        if (kinds[0] === 'html_inline') {
          // The `<code>` fallback: its own tags and plain text between them.
          expect(code![0]!.content).toBe('<code>');
          expect(code![code!.length - 1]!.content).toBe('</code>');
          expect(kinds.slice(1, -1).filter((k) => k !== 'text')).toEqual([]);
          expect(renderedText(code!.slice(1, -1)).replace(ZW, '')).toBe(visible(s));
        } else {
          expect(kinds).toEqual(['code_inline']);
        }
      }),
      { numRuns: RUNS.cell },
    );
  });

  it('keeps a backslash before a pipe inside the cell', () => {
    expect(mdCodeCell('a\\|b')).toBe('<code>a\\\\\\|b</code>');
    expect(mdCodeCell('a|b')).toBe('`a\\|b`');
  });
});

describe('mdCode', () => {
  it.each([
    ['abc', '`abc`'],
    ['a`b', '``a`b``'],
    ['`x', '`` `x ``'],
    ['', '` `'],
    ['a\nb', '`a b`'],
  ])('%j -> %j', (input, out) => {
    expect(mdCode(input)).toBe(out);
  });

  it(`is one code span holding exactly the visible text, in a paragraph and a heading (${RUNS.code} runs)`, () => {
    fc.assert(
      fc.property(adversarial, (s) => {
        for (const [doc, block] of [[`Before ${mdCode(s)} after.`, 'paragraph_open'], [`### Plan for ${mdCode(s)} (live)`, 'heading_open']] as const) {
          const tokens = md.parse(doc, {});
          expect(tokens.map((t) => t.type)[0]).toBe(block);
          expect(tokens).toHaveLength(3);
          const children = inlineOf(tokens);
          expect(children.map((c) => c.type)).toEqual(['text', 'code_inline', 'text']);
          expect(children[1]!.content).toBe(visible(s) === '' ? ' ' : visible(s));
        }
      }),
      { numRuns: RUNS.code },
    );
  });
});

describe('htmlCode', () => {
  it(`is one <code> element of text, inside a <summary> of one HTML block (${RUNS.html} runs)`, () => {
    fc.assert(
      fc.property(adversarial, (s) => {
        const h = htmlCode(s);
        expect(h).toMatch(/^<code>[^<>\n]*<\/code>$/);
        expect(h.replace(/&(amp|lt|gt|quot);/g, '')).not.toMatch(/&/);
        const tokens = md.parse(`<details><summary>${h}: update</summary>\n\nbody\n\n</details>\n`, {});
        expect(tokens.filter((t) => t.type === 'html_block')).toHaveLength(2);
        expect(tokens.filter((t) => t.type === 'paragraph_open')).toHaveLength(1);
      }),
      { numRuns: RUNS.html },
    );
  });
});

describe('fenced terms', () => {
  it(`no term line closes the fence or adds a line (${RUNS.fence} runs)`, () => {
    fc.assert(
      fc.property(fc.array(adversarial, { minLength: 1, maxLength: 5 }), (terms) => {
        const lines = terms.map((t) => `+ ${fenceLine(t)}`);
        const fence = fenceFor(lines);
        const tokens = md.parse([`${fence}diff`, ...lines, fence, '', 'after'].join('\n'), {});
        expect(tokens.map((t) => t.type)).toEqual(['fence', 'paragraph_open', 'inline', 'paragraph_close']);
        expect(tokens[0]!.content).toBe(`${lines.join('\n')}\n`);
      }),
      { numRuns: RUNS.fence },
    );
  });
});

describe('unicodeEscapes', () => {
  it('shows a Cyrillic letter in a Latin word', () => {
    expect(unicodeEscapes('s\u0441am')).toBe('s\\u0441am');
    expect(unicodeEscapes('a\\b\u{1d5ba}')).toBe('a\\\\b\\u{1d5ba}');
  });
});
