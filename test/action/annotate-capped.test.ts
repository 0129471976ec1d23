// Workflow-command annotations are capped (10 errors, 10 warnings) with one line naming the rest.
import { describe, expect, it } from '@jest/globals';
import { annotateCapped } from '../../src/action/annotate-capped.js';
import type { Diagnostic } from '../../src/model/diagnostic.js';

const d = (i: number, severity: Diagnostic['severity']): Diagnostic => ({ file: `keywords/l${i}.yaml`, line: i + 1, column: 1, severity, rule: 'r', message: `m${i}` });

describe('annotateCapped', () => {
  it('writes at most 10 of each severity, then says how many more and where', () => {
    const annotated: Diagnostic[] = [];
    const warnings: string[] = [];
    const log = { info: () => undefined, warning: (m: string) => void warnings.push(m), annotate: (x: Diagnostic) => void annotated.push(x) };
    annotateCapped(log, [...Array.from({ length: 15 }, (_, i) => d(i, 'error')), ...Array.from({ length: 3 }, (_, i) => d(i, 'warning'))], 'see the job summary');
    expect(annotated.filter((x) => x.severity === 'error').map((x) => x.message)).toEqual(Array.from({ length: 10 }, (_, i) => `m${i}`));
    expect(annotated.filter((x) => x.severity === 'warning')).toHaveLength(3);
    expect(warnings).toEqual(['5 more problems not annotated here: see the job summary']);
  });

  it('adds no pointer when everything fits', () => {
    const warnings: string[] = [];
    annotateCapped({ info: () => undefined, warning: (m) => void warnings.push(m), annotate: () => undefined }, [d(0, 'error')], 'x');
    expect(warnings).toEqual([]);
  });
});
