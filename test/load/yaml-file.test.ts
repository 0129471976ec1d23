import { SourceText } from '../../src/load/source-text.js';
import { parseYamlFile } from '../../src/load/yaml-file.js';

const load = (text: string) => parseYamlFile(new SourceText('k/l.yaml', text), { maxAliasCount: 100 });

describe('parseYamlFile', () => {
  const text = ['id: x', 'searchTerms:', '  - plain{1,2}', "  - 'it''s{9}'", '  - "tab\\there{3}"', "  - [nested]"].join('\n');
  const { file } = load(text);

  it('locates values and keys', () => {
    expect(file!.valueAt(['id'])).toMatchObject({ line: 1, column: 5 });
    expect(file!.keyAt([], 'searchTerms')).toMatchObject({ line: 2, column: 1 });
    expect(file!.valueAt(['searchTerms', 3])).toMatchObject({ line: 6, column: 5 });
  });

  it('maps a character of a decoded scalar to its column, through quotes and escapes', () => {
    expect(file!.charAt(['searchTerms', 0], 5)).toMatchObject({ line: 3, column: 10 });
    // 'it''s{9}': decoded index 4 is "{" -> raw: quote, i, t, '', s -> column 5 + 1 + 5
    expect(file!.charAt(['searchTerms', 1], 4)).toMatchObject({ line: 4, column: 11, sourceLine: "  - 'it''s{9}'" });
    // "tab\there{3}": decoded index 8 is "{" -> the \t escape takes two raw characters
    expect(file!.charAt(['searchTerms', 2], 8)).toMatchObject({ line: 5, column: 15 });
  });

  it('a missing key points at the enclosing mapping', () => {
    expect(file!.valueAt(['name'])).toMatchObject({ line: 1, column: 1 });
  });

  it('duplicate keys, syntax errors and alias bombs are located diagnostics', () => {
    expect(load('a: 1\nb: 2\na: 3\n').diagnostics).toMatchObject([{ rule: 'yaml-duplicate-key', line: 3 }]);
    expect(load('a: [1, 2\n').diagnostics[0]).toMatchObject({ rule: 'yaml-syntax', file: 'k/l.yaml' });
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]', 'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]', 'c: [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]'].join('\n');
    expect(load(bomb).diagnostics).toMatchObject([{ rule: 'yaml-alias-limit', line: 2, column: 8 }]);
  });
});
