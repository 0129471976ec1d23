// Hand-made plans, reports and diagnostics for the adapter tests.
import type { Diagnostic } from '../../src/model/diagnostic.js';
import type { ApplyReport, ListChange, Plan } from '../../src/model/plan.js';
import type { ShrinkOptions } from '../../src/github/fit-markdown.js';

export const NOW = new Date('2025-01-02T03:04:05.000Z');
export const LINK = { runUrl: 'https://github.com/acme/lists/actions/runs/42', sha: '0123456789abcdef0123456789abcdef01234567' };

export function change(id: string, kind: ListChange['kind'], added: string[] = [], removed: string[] = []): ListChange {
  const list = { id, name: id, description: '', category: 'word' as const, searchTerms: [] };
  return {
    kind, id, added, removed, fieldChanges: [],
    before: kind === 'create' ? null : list,
    after: kind === 'delete' ? null : list,
    revisionId: kind === 'create' ? null : `abc_${id}_3`,
    file: kind === 'delete' ? null : `keywords/${id}.yaml`,
    unsafe: null,
  };
}

export function plan(changes: ListChange[], mode: Plan['mode'] = 'live'): Plan {
  return { formatVersion: 1, target: 'prod', mode, createdAt: NOW.toISOString(), prune: false, changes, unmanaged: [], defaults: [] };
}

export const samplePlan = plan([change('profanity-en', 'update', ['heck'], ['darn']), change('scam-links', 'create', ['free money']), change('spam', 'noop')]);

/** Stand-in for src/plan's renderPlanMarkdown: one section per list, terms as lines, honouring the limits. */
export function fakeRenderPlan(p: Plan, opts: ShrinkOptions): string {
  const lists = p.changes.filter((c) => c.kind !== 'noop');
  const shown = lists.slice(0, opts.maxLists ?? lists.length);
  const out = [`**${lists.length} list(s) change**`, ''];
  for (const c of shown) {
    out.push(`<details><summary>${c.kind} ${c.id}</summary>`, '', '```diff');
    const terms = [...c.added.map((t) => `+ ${t}`), ...c.removed.map((t) => `- ${t}`)];
    out.push(...terms.slice(0, opts.maxTermsPerList ?? terms.length), '```', '', '</details>');
  }
  if (shown.length < lists.length) out.push(`… and ${lists.length - shown.length} more lists`);
  return out.join('\n');
}

export const sampleReport: ApplyReport = {
  target: 'prod', startedAt: NOW.toISOString(), finishedAt: NOW.toISOString(),
  results: [
    { id: 'profanity-en', kind: 'update', outcome: 'applied', revisionId: 'abc_profanity-en_4', message: null, warnings: [] },
    { id: 'scam-links', kind: 'create', outcome: 'failed', revisionId: null, message: 'The service said 400; fix the list and re-run.', warnings: [] },
  ],
};

export function fakeRenderApply(r: ApplyReport): string {
  return ['| list | outcome |', '|---|---|', ...r.results.map((x) => `| ${x.id} | ${x.outcome} |`)].join('\n');
}

export function diagnostics(n: number): Diagnostic[] {
  return Array.from({ length: n }, (_, i) => ({
    file: `keywords/list-${i % 3}.yaml`, line: i + 1, column: 3, severity: i % 2 ? 'warning' : 'error',
    rule: 'term-too-long', message: `term ${i} is longer than 100 characters; shorten it`,
  }));
}

/** A plan whose full rendering is far over GitHub's limit. */
export function hugePlan(): Plan {
  return plan(Array.from({ length: 60 }, (_, i) => change(`list-${String(i).padStart(2, '0')}`, 'update', Array.from({ length: 400 }, (_, j) => `added term number ${j} of list ${i}`), [])));
}
