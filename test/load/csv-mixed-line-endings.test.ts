import { parseCsvTerms } from '../../src/load/csv-terms.js';
import { trustedCsvRecords } from '../../src/load/trusted-csv-records.js';
import { SourceText } from '../../src/load/source-text.js';

const csv = (text: string) => parseCsvTerms(new SourceText('k/t.csv', text));

describe('a terms file mixing LF and CRLF (documented: CRLF or LF)', () => {
  it('is read like either: every term, on its own line, no "cannot span lines"', () => {
    // An LF file with CRLF lines added by another editor, and the reverse.
    for (const text of ['term\nalpha\r\nbeta\n"gamma, delta"\r\nepsilon\n', 'term\r\nalpha\nbeta\r\n"gamma, delta"\nepsilon\r\n']) {
      expect(trustedCsvRecords(text)).toBeNull(); // the fast path vouches for one line break only; csv-parse reads it
      const { terms, diagnostics } = csv(text);
      expect(diagnostics).toEqual([]);
      expect(terms!.values).toEqual(['alpha', 'beta', 'gamma, delta', 'epsilon']);
      expect(terms!.locate(3)).toMatchObject({ line: 5, column: 1 });
      expect(terms!.raw!(1)).toMatchObject({ line: 3 });
    }
  });

  it('a lone CR is not a line break: it stays in its term (the term rules report it)', () => {
    expect(csv('alpha\r\nbe\rta\ngamma\n').terms!.values).toEqual(['alpha', 'be\rta', 'gamma']);
  });
});
