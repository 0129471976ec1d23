// The full text an analyst reads for ten everyday mistakes, as `kwsync validate` prints it:
// message, source line and caret. A change to any of them shows up in review as a snapshot diff.
import { join } from 'node:path';
import { renderDiagnosticsText, validateRepo } from '../../src/validate/index.js';

const TEN = [
  'yaml-regex-in-double-quotes',
  'yaml-term-starts-with-at',
  'yaml-term-below-tests',
  'pattern-unclosed-class',
  'term-misindented-item',
  'word-regex-class',
  'csv-semicolons',
  'term-escape-character',
  'yaml-unknown-tag',
  'term-hashtag-unquoted',
];

describe('what an analyst reads', () => {
  it.each(TEN)('%s', async (name) => {
    const result = await validateRepo({ dir: 'keywords', cwd: join(process.cwd(), 'test/fixtures/invalid', name) });
    const text = renderDiagnosticsText(result.diagnostics, { color: false });
    expect(result.diagnostics).toHaveLength(1);
    expect(text).toMatchSnapshot();
  });
});
