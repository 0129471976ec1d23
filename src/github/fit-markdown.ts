// GitHub refuses comment and issue bodies over 65,536 characters. A plan can be far longer, so the
// body is first re-rendered with fewer lists/terms, then cut at a line boundary with a pointer.

export const GITHUB_BODY_LIMIT = 65_536;

export interface ShrinkOptions {
  maxLists?: number;
  maxTermsPerList?: number;
}

/** Tried in order until the body fits; the first is the full rendering. */
export const SHRINK_STEPS: readonly ShrinkOptions[] = [
  { maxLists: Number.MAX_SAFE_INTEGER, maxTermsPerList: Number.MAX_SAFE_INTEGER },
  { maxLists: 50, maxTermsPerList: 100 },
  { maxLists: 50, maxTermsPerList: 25 },
  { maxLists: 25, maxTermsPerList: 10 },
  { maxLists: 10, maxTermsPerList: 5 },
];

export interface FitOptions {
  /** Characters allowed for the whole body (GitHub's limit by default). */
  limit?: number;
  /** Builds the body around the rendered content; `truncated` says whether to add the pointer. */
  wrap: (content: string, truncated: boolean) => string;
}

export interface FittedBody {
  body: string;
  /** True when the content was shrunk or cut (the wrapper then points at the full plan). */
  truncated: boolean;
}

export function fitMarkdown(render: (shrink: ShrinkOptions) => string, opts: FitOptions): FittedBody {
  const limit = opts.limit ?? GITHUB_BODY_LIMIT;
  let last = '';
  for (const [i, step] of SHRINK_STEPS.entries()) {
    last = render(step);
    const body = opts.wrap(last, i > 0);
    if (body.length <= limit) return { body, truncated: i > 0 };
  }
  const room = limit - opts.wrap('', true).length;
  return { body: opts.wrap(cutAtLine(last, room), true), truncated: true };
}

/**
 * The longest prefix of whole lines that fits in `room` characters once any open code fence or
 * `<details>` block is closed again, so the cut never leaves broken markdown behind.
 */
export function cutAtLine(text: string, room: number): string {
  const lines = text.split('\n');
  const kept: string[] = [];
  let length = 0;
  let fenceOpen = ''; // the open fence (``` or longer), or '' outside code
  let detailsOpen = 0;
  const closing = (fence: string, details: number) => (fence ? `\n${fence}` : '') + '\n</details>'.repeat(details);
  for (const line of lines) {
    const run = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    const nextFence = !run ? fenceOpen : !fenceOpen ? run : run.startsWith(fenceOpen) ? '' : fenceOpen;
    const nextDetails = Math.max(0, detailsOpen + count(line, '<details') - count(line, '</details>'));
    const nextLength = length + line.length + 1;
    if (nextLength + closing(nextFence, nextDetails).length > room) break;
    kept.push(line);
    length = nextLength;
    fenceOpen = nextFence;
    detailsOpen = nextDetails;
  }
  return kept.join('\n') + closing(fenceOpen, detailsOpen);
}

function count(line: string, needle: string): number {
  return line.split(needle).length - 1;
}
