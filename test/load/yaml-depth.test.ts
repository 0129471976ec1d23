import { SourceText } from '../../src/load/source-text.js';
import { parseYamlFile } from '../../src/load/yaml-file.js';
import { MAX_YAML_DEPTH, tooDeepAt } from '../../src/load/yaml-depth.js';

const load = (text: string) => parseYamlFile(new SourceText('k/deep.yaml', text), { maxAliasCount: 100 });

describe('YAML nesting depth is bounded before the document is composed', () => {
  it('a 3 MB list of nested flow sequences is one located error at the opener past the bound', () => {
    const n = 1_500_000;
    const text = `id: deep\nsearchTerms: ${'['.repeat(n)}${']'.repeat(n)}\n`;
    const { file, diagnostics } = load(text);
    expect(file).toBeNull();
    // "searchTerms: " is 13 columns and its mapping the first level; the 64th [ is the first past 64 levels.
    expect(diagnostics).toEqual([
      expect.objectContaining({ file: 'k/deep.yaml', line: 2, column: 14 + MAX_YAML_DEPTH - 1, severity: 'error', rule: 'yaml-nesting-limit' }),
    ]);
    expect(diagnostics[0]!.message).toMatch(/more than 64 levels/);
  });

  it('block items chained on one line count too; flow mappings count', () => {
    expect(load(`a:\n  ${'- '.repeat(70)}x\n`).diagnostics).toMatchObject([{ rule: 'yaml-nesting-limit', line: 2, column: 3 + 2 * MAX_YAML_DEPTH }]);
    expect(load(`a: ${'{b: '.repeat(80)}1${'}'.repeat(80)}\n`).diagnostics).toMatchObject([{ rule: 'yaml-nesting-limit', line: 1 }]);
  });

  it('block items chained after a key on the same line count too (3 MB of `- ` is refused, not composed)', () => {
    const text = `id: deep\nsearchTerms: ${'- '.repeat(1_500_000)}x\n`;
    const { file, diagnostics } = load(text);
    expect(file).toBeNull();
    // Refused by the bound (composing it took ~7 s and ~950 MB before yaml called it a syntax error);
    // "searchTerms:" is the line's first level, so the 64th `-` (at column 14 + 2 × 63) is the first past 64.
    expect(diagnostics).toEqual([expect.objectContaining({ rule: 'yaml-nesting-limit', line: 2, column: 14 + 2 * (MAX_YAML_DEPTH - 1) })]);
    expect(load(`a: - b: ${'- '.repeat(70)}x\n`).diagnostics).toMatchObject([{ rule: 'yaml-nesting-limit', line: 1 }]);
    // In a flow collection `-` is a plain scalar, and a colon there opens nothing.
    expect(tooDeepAt(`a: [${Array.from({ length: 200 }, () => 'b: -').join(', ')}]\n`)).toBeUndefined();
    expect(tooDeepAt(`a: ${'- '.repeat(MAX_YAML_DEPTH - 1)}x\n`)).toBeUndefined();
    // Keys chained on one line nest a mapping each (3 MB of `k: ` took ~4 s and ~740 MB to compose).
    const keys = load(`id: deep\nsearchTerms: ${'k: '.repeat(1_000_000)}x\n`).diagnostics;
    expect(keys).toEqual([expect.objectContaining({ rule: 'yaml-nesting-limit', line: 2 })]);
    expect(tooDeepAt(`a: ${'k: '.repeat(MAX_YAML_DEPTH - 1)}x\n`)).toBeUndefined();
  });

  it('brackets inside quotes and comments, and nesting at the bound, are fine', () => {
    expect(tooDeepAt(`a: '${'['.repeat(200)}'\nb: "${'{'.repeat(200)}"\n# ${'['.repeat(200)}\n`)).toBeUndefined();
    // `a:` is the first level, so 63 brackets inside it are 64 levels.
    const atBound = `a: ${'['.repeat(MAX_YAML_DEPTH - 1)}x${']'.repeat(MAX_YAML_DEPTH - 1)}\n`;
    expect(tooDeepAt(atBound)).toBeUndefined();
    expect(load(atBound).diagnostics).toEqual([]);
    expect(tooDeepAt(`a: ${'['.repeat(MAX_YAML_DEPTH)}x${']'.repeat(MAX_YAML_DEPTH)}\n`)).toBe(3 + MAX_YAML_DEPTH - 1);
  });

  it('an ordinary list with many items and dashes in terms is not touched', () => {
    const text = `id: x\nsearchTerms:\n${Array.from({ length: 500 }, (_, i) => `  - term-${i}-a-b [${i}]`).join('\n')}\n  - ${'-'.repeat(100)}\n`;
    expect(tooDeepAt(text)).toBeUndefined();
  });
});
