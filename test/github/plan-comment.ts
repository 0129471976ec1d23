// The PR's one kwsync plan comment (issue 30) as tests read it: the comment kwsync wrote, and one
// target's section of it (the plan that target's job rendered, as its own comment used to hold it).
import { parseSections, PLAN_COMMENT_MARKER } from '../../src/github/render-pr-summary.js';
import { BOT, type FakeComment, type FakeGitHub } from './fake-github.js';

/** kwsync's one plan comment on `issue`, or undefined. */
export function planComment(gh: FakeGitHub, issue?: number): FakeComment | undefined {
  return gh.comments.find((c) => (issue === undefined || c.issue === issue) && c.user.login === BOT.login && c.body.startsWith(`${PLAN_COMMENT_MARKER}\n`));
}

/** `target`'s section of it: `{ id, body }` with the section's plan as body, or undefined. */
export function planSection(gh: FakeGitHub, target: string, issue?: number): { id: number; issue: number; body: string } | undefined {
  const c = planComment(gh, issue);
  const s = c ? parseSections(c.body).get(target) : undefined;
  return c && s ? { id: c.id, issue: c.issue, body: s.details } : undefined;
}
