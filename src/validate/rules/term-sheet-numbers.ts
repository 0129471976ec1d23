// Numbers a spreadsheet changed before the list was exported: a long number (a phone number, an
// ID) shown in scientific notation in a cell formatted "General" (`4.47911E+11`: the digits past
// the shown ones are gone from the export), and the leading zero or the `+` of a country code that
// a number cell drops (`7911123456` among `07911…` numbers, `447911123456` among `+44…` ones).
// Only terms made of digits (and `+ . E`) reach it, so a word list costs one regex a term.
import { code, quote } from '../../load/quote-value.js';

export interface SheetNumberFinding {
  index: number;
  rule: 'term-sheet-number';
  severity: 'error' | 'warning';
  message: string;
  fixed?: string[];
}

/** A term a spreadsheet may have written: digits, or a number in scientific notation. */
export const SHEET_NUMBER_GATE = /^\+?\d[\d ]*$|^[+-]?\d(?:[.,]\d+)?E[+-]?\d{1,3}$|^\d{7,}\.0$/i;
const SCIENTIFIC = /^([+-]?)(\d)(?:[.,](\d+))?E\+?(\d{1,3})$/i;
const REEXPORT = 're-export the sheet with the column formatted as Text, and take the terms from that file';

/** Findings for the terms at `indexes` of `values` (each passed SHEET_NUMBER_GATE), judged against the list's other numbers. */
export function checkSheetNumbers(values: readonly string[], indexes: readonly number[], file: string): SheetNumberFinding[] {
  if (indexes.length === 0) return [];
  const out: SheetNumberFinding[] = [];
  const where = /\.csv$/i.test(file) ? 'in the spreadsheet this CSV came from' : 'in the spreadsheet these terms were copied from';
  const digitsOnly: number[] = [];
  for (const i of indexes) {
    const term = values[i]!;
    const sci = SCIENTIFIC.exec(term);
    if (sci) {
      const [, , lead, frac = '', exp] = sci;
      const digits = Number(exp) + 1;
      if (digits < 7) continue; // 1E+3 may be meant; a phone number or an ID has 7 digits or more
      const shown = `${lead}${frac}`;
      const lost = digits - shown.length;
      out.push({
        index: i,
        rule: 'term-sheet-number',
        severity: 'error',
        message: `${quote(term)} is a ${digits}-digit number (a phone number or an ID) in the scientific notation a spreadsheet shows in a "General" cell: ${lost > 0 ? `its last ${lost} digits were lost ${where}, so they cannot be put back from this file` : `the notation was exported ${where}, not the digits`}, and no message holds ${quote(term)}; ${REEXPORT}`,
      });
      continue;
    }
    if (/^\d{7,}\.0$/.test(term)) {
      const fixed = term.slice(0, -2);
      out.push({
        index: i,
        rule: 'term-sheet-number',
        severity: 'error',
        fixed: [fixed],
        message: `${quote(term)} is a number written as a decimal (".0" added by a spreadsheet or a data tool such as pandas when the column held numbers) ${where}, so the term needs ".0" after the number in a message; write the number: ${code(fixed)} (and ${REEXPORT})`,
      });
      continue;
    }
    if (/^\d+$/.test(term) && term.length >= 7) digitsOnly.push(i);
  }
  if (digitsOnly.length === 0) return out;
  // The list's own numbers say what a number looks like here: most with a leading 0 (national) or a + (international).
  const numbers = indexes.map((i) => values[i]!.replace(/ /g, '')).filter((t) => /^\+?\d{7,}$/.test(t));
  const zeros = numbers.filter((t) => t.startsWith('0'));
  const pluses = numbers.filter((t) => t.startsWith('+'));
  for (const i of digitsOnly) {
    const term = values[i]!;
    const zeroTwin = zeros.find((t) => t.length === term.length + 1);
    if (!term.startsWith('0') && zeros.length >= 2 && zeros.length * 2 >= numbers.length && zeroTwin) {
      const fixed = `0${term}`;
      out.push({
        index: i,
        rule: 'term-sheet-number',
        severity: 'warning',
        fixed: [fixed],
        message: `${quote(term)} is one digit shorter than the list's other numbers, which start with 0 (${quote(zeroTwin)}): a spreadsheet cell formatted as a number drops a leading zero ${where}, and ${quote(term)} does not catch ${quote(fixed)} as people type it; write the zero back: ${code(fixed)} (and ${REEXPORT})`,
      });
      continue;
    }
    const plusTwin = pluses.find((t) => t.length === term.length + 1 && term.startsWith(t.slice(1, 3)));
    if (pluses.length >= 2 && pluses.length * 2 >= numbers.length && plusTwin) {
      const fixed = `+${term}`;
      out.push({
        index: i,
        rule: 'term-sheet-number',
        severity: 'warning',
        fixed: [fixed],
        message: `${quote(term)} looks like ${quote(fixed)} with the + of its country code dropped, as a spreadsheet cell formatted as a number does ${where} (the list's other numbers start with +, like ${quote(plusTwin)}); write the + back: ${code(fixed)} (and ${REEXPORT})`,
      });
    }
  }
  return out;
}
