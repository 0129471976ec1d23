// The one PR plan comment for every target (issue 30 item 2). Invariants:
// - render then parse gives back every section's target, summary and digest, whatever the plans
//   hold (hostile text quoting kwsync's own markers, </details>, huge plans);
// - the comment never exceeds GitHub's 65,536 characters; a section that fits its share is whole,
//   a cut one ends with a pointer to its run; re-rendering what was parsed changes nothing.
import fc from 'fast-check';
import { GITHUB_LIMITS } from '../../src/github/fit-markdown.js';
import { parseSections, PLAN_COMMENT_MARKER, renderPrSummaryComment, sectionDigest } from '../../src/github/render-pr-summary.js';

const NAME = fc.stringMatching(/^[A-Za-z0-9_.-]{1,20}$/);
const HOSTILE = fc.constantFrom('<!-- kwsync:end target=a -->', '<!-- kwsync:section target=a summary= run= digest=0000000000000000 -->', '</details>', '<details>', '```', '|', '\u202e', '-->');
const details = fc.array(fc.oneof(fc.string({ maxLength: 80 }), HOSTILE, fc.constant('x'.repeat(5000))), { maxLength: 30 }).map((ls) => ls.join('\n'));
const section = (target: string) => fc.record({ summary: fc.constantFrom('no changes', '1 to create, 0 to update, 0 to delete', 'invalid lists: 2 error(s); no plan'), details, runUrl: fc.constant(`https://github.com/acme/lists/actions/runs/42`) }).map((s) => ({ ...s, target }));
const sections = fc.uniqueArray(NAME, { minLength: 1, maxLength: 50 }).chain((names) => fc.tuple(...names.map(section)));

test('render then parse keeps every section; the body fits GitHub\'s comment limit; cut sections point at their run', () => {
  fc.assert(
    fc.property(sections, (ss) => {
      const map = new Map(ss.map((s) => [s.target, s]));
      const body = renderPrSummaryComment(map, { order: ss.map((s) => s.target) });
      expect(body.length).toBeLessThanOrEqual(GITHUB_LIMITS.comment.limit);
      expect(body.startsWith(`${PLAN_COMMENT_MARKER}\n`)).toBe(true);
      const parsed = parseSections(body);
      expect([...parsed.keys()].sort()).toEqual(ss.map((s) => s.target).sort());
      for (const s of ss) {
        const p = parsed.get(s.target)!;
        expect({ summary: p.summary, digest: p.digest }).toEqual({ summary: s.summary, digest: sectionDigest(s) });
        const stored = s.details.replaceAll('<!-- kwsync:', '<!-- kwsync-quoted:').trim();
        if (p.details !== stored) expect(p.details).toContain(`[the job summary](${s.runUrl}) has all of it.`);
      }
      // Re-rendered from what it parsed (what the next target's job does), nothing changes.
      expect(renderPrSummaryComment(parsed, { order: ss.map((s) => s.target) })).toBe(body);
    }),
    { numRuns: 150, seed: 30 },
  );
});

test('the table lists every target of kwsync.yaml, planned or not, with the target name as code (never a link)', () => {
  const body = renderPrSummaryComment(new Map([['www.attacker.example', { target: 'www.attacker.example', summary: 'no changes', details: 'plan', runUrl: 'u' }]]), { order: ['www.attacker.example', 'prod'] });
  expect(body).toContain('| `www.attacker.example` | no changes |');
  expect(body).toContain('| `prod` | _not planned yet (its job has not finished)_ |');
});
