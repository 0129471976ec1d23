// Diagnostics as GitHub workflow commands (`::error file=...,line=...,col=...,title=...::message`),
// escaped as the runner expects: %, CR, LF in the message; also : and , in property values.
import type { Diagnostic } from '../model/diagnostic.js';

const escapeData = (s: string): string => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string): string => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

export function renderDiagnosticsGithub(diags: Diagnostic[]): string {
  return diags
    .map((d) => {
      const props: [string, string | number | undefined][] = [
        ['file', d.file],
        ['line', d.line],
        ['col', d.column],
        ['endLine', d.endLine],
        ['endColumn', d.endColumn],
        ['title', d.rule],
      ];
      const list = props
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${k}=${escapeProperty(String(v))}`)
        .join(',');
      return `::${d.severity} ${list}::${escapeData(d.message)}\n`;
    })
    .join('');
}
