// GitHub refuses comment and issue bodies over 65,536 characters (and job summaries over 1 MiB). A
// plan can be far longer, so the body is first re-rendered with fewer lists/terms, then cut at a
// line boundary with a pointer.

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

/** How a body's size is counted against the limit: UTF-16 characters, or UTF-8 bytes. */
export type Measure = (text: string) => number;
export const characters: Measure = (text) => text.length;
export const utf8Bytes: Measure = (text) => Buffer.byteLength(text, 'utf8');

export interface FitOptions {
  /** Size allowed for the whole body, in `measure` units (GitHub's comment limit by default). */
  limit?: number;
  /** Characters by default (comments and issues); the job summary's cap is in bytes. */
  measure?: Measure;
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
  const measure = opts.measure ?? characters;
  let last = '';
  for (const [i, step] of SHRINK_STEPS.entries()) {
    last = render(step);
    const body = opts.wrap(last, i > 0);
    if (measure(body) <= limit) return { body, truncated: i > 0 };
  }
  const room = limit - measure(opts.wrap('', true));
  return { body: opts.wrap(cutAtLine(last, room, measure), true), truncated: true };
}

/**
 * The longest prefix of whole lines that fits in `room` (characters, or what `measure` counts) once
 * any open code fence or `<details>` block is closed again, so the cut never leaves broken markdown.
 */
export function cutAtLine(text: string, room: number, measure: Measure = characters): string {
  const lines = text.split('\n');
  const kept: string[] = [];
  let length = 0;
  let fenceOpen = ''; // the open fence (``` or longer), or '' outside code
  let detailsOpen = 0;
  const closing = (fence: string, details: number) => (fence ? `\n${fence}` : '') + '\n</details>'.repeat(details);
  for (const line of lines) {
    const run = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    const nextFence = !run ? fenceOpen : !fenceOpen ? run : run.startsWith(fenceOpen) ? '' : fenceOpen;
    // kwsync's own <details> tags start their line; a term or id that reads `</details>` sits inside
    // a code block or mid-line (escaped), so it is not counted.
    const own = fenceOpen === '' && run === undefined && /^<\/?details>?/.test(line);
    const nextDetails = own ? Math.max(0, detailsOpen + count(line, '<details') - count(line, '</details>')) : detailsOpen;
    const nextLength = length + measure(line) + 1;
    if (nextLength + measure(closing(nextFence, nextDetails)) > room) break;
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
