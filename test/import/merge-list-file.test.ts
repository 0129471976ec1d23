// Merging live content into an existing list file changes only what differs, byte for byte.
import { parse } from 'yaml';
import { mergeListFileText, mergeTermsCsvText } from '../../src/import/index.js';

const FIELDS = { name: 'English profanity', description: 'Whole-word English profanity.', category: 'word' };
const keepAllBut = (...gone: string[]) => (t: string) => !gone.includes(t);

const FLOW = `# yaml-language-server: $schema=../schema/list-file.schema.json
id: profanity-en
name: English profanity   # shown in the dashboard
description: Whole-word English profanity.
category: word
searchTerms: [darn, heck, 'crap', "son of a gun"]
tests:
  shouldMatch: ["oh heck no"]
  shouldNotMatch: ["checkers"]
`;

const BLOCK = `# yaml-language-server: $schema=../schema/list-file.schema.json
# Owned by trust and safety.
id: contact-info
name: Contact details
category: pattern
searchTerms:
  - '\\b\\d{3}[ .-]?\\d{4}\\b'   # phone numbers
  - 'whats ?app'
  # e-mail next
  - '@example\\.com'
tests:
  shouldMatch: ["call 555-1234"]
`;

test('a file that already matches is returned unchanged', () => {
  expect(mergeListFileText(FLOW, FIELDS, { keep: () => true, added: [] })).toBe(FLOW);
});

test('flow terms: a removed term goes, an added one is appended, kept items keep their quoting; nothing else moves', () => {
  const out = mergeListFileText(FLOW, FIELDS, { keep: keepAllBut('crap'), added: ['blimey', 'a, b', 'true'] });
  expect(out).toBe(FLOW.replace(`[darn, heck, 'crap', "son of a gun"]`, `[darn, heck, "son of a gun", blimey, "a, b", "true"]`));
  expect(parse(out).searchTerms).toEqual(['darn', 'heck', 'son of a gun', 'blimey', 'a, b', 'true']);
});

test('block terms: a removed item loses its line with its comment, others and the comment lines stay; added items are indented alike', () => {
  const out = mergeListFileText(BLOCK, { name: 'Contact details', description: '', category: 'pattern' }, {
    keep: keepAllBut('\\b\\d{3}[ .-]?\\d{4}\\b'),
    added: ['\\d{3,10}', 'telegram'],
  });
  expect(out).toBe(
    BLOCK.replace("  - '\\b\\d{3}[ .-]?\\d{4}\\b'   # phone numbers\n", '').replace(
      "  - '@example\\.com'\n",
      "  - '@example\\.com'\n  - \\d{3,10}\n  - telegram\n",
    ),
  );
  expect(parse(out).searchTerms).toEqual(['whats ?app', '@example\\.com', '\\d{3,10}', 'telegram']);
});

test('fields: a changed name keeps its trailing comment; a new description goes under name; an empty one removes its line', () => {
  const renamed = mergeListFileText(FLOW, { ...FIELDS, name: 'Profanity: English', category: 'pattern' }, null);
  expect(renamed).toBe(FLOW.replace('name: English profanity   #', 'name: "Profanity: English"   #').replace('category: word', 'category: pattern'));
  const described = mergeListFileText(BLOCK, { name: 'Contact details', description: 'Phones', category: 'pattern' }, null);
  expect(described).toBe(BLOCK.replace('name: Contact details\n', 'name: Contact details\ndescription: Phones\n'));
  const undescribed = mergeListFileText(FLOW, { ...FIELDS, description: '' }, null);
  expect(undescribed).toBe(FLOW.replace('description: Whole-word English profanity.\n', ''));
});

test('a file that is not a mapping is refused with a message, not a stack trace', () => {
  expect(() => mergeListFileText('- a\n- b\n', FIELDS, null)).toThrow('the list file is not a YAML mapping');
});

describe('terms CSV', () => {
  test('keeps the header, the order of kept terms and CRLF; appends added terms, quoted when they hold a comma', () => {
    const csv = 'term\r\nnitwit\r\nnincompoop\r\n"a ""quoted"" one"\r\n';
    const out = mergeTermsCsvText(csv, ['nitwit', 'nincompoop', 'a "quoted" one'], { keep: keepAllBut('nincompoop'), added: ['x,y', 'dimwit'] });
    expect(out).toBe('term\r\nnitwit\r\n"a ""quoted"" one"\r\n"x,y"\r\ndimwit\r\n');
  });

  test('a file without a header and with a BOM keeps both as they were', () => {
    expect(mergeTermsCsvText('\ufeffa\nb\n', ['a', 'b'], { keep: keepAllBut('a'), added: ['c'] })).toBe('\ufeffb\nc\n');
  });
});

test('CRLF files get CRLF lines; a last line without a line break gets one before the insertion', () => {
  const crlf = 'id: a\r\nname: A\r\ncategory: word\r\nsearchTerms:\r\n  - x\r\n';
  expect(mergeListFileText(crlf, { name: 'A', description: 'D', category: 'word' }, { keep: () => true, added: ['y'] })).toBe(
    'id: a\r\nname: A\r\ndescription: D\r\ncategory: word\r\nsearchTerms:\r\n  - x\r\n  - y\r\n',
  );
  const open = 'id: a\ncategory: word\nsearchTerms:\n  - x\nname: A';
  expect(mergeListFileText(open, { name: 'A', description: 'D', category: 'word' }, { keep: () => true, added: ['y'] })).toBe(
    'id: a\ncategory: word\nsearchTerms:\n  - x\n  - y\nname: A\ndescription: D\n',
  );
});
