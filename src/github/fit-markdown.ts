// Every text kwsync posts on GitHub is fitted here, to the limit of where it goes. A plan can be far
// longer, so a body is first re-rendered with fewer lists/terms, then cut at a line boundary with a
// pointer to where the rest is (the job summary, or the plan JSON). Whatever the renderers do, the
// result never exceeds its limit: the last step is a hard cut.

export const GITHUB_BODY_LIMIT = 65_536;

export interface ShrinkOptions {
  maxLists?: number;
  maxTermsPerList?: number;
}

/** Tried in order until the body fits; the first is the full rendering. */
export const SHRINK_STEPS: readonly ShrinkOptions[] = [
  { maxLists: Number.MAX_SAFE_INTEGER, maxTermsPerList: Number.MAX_SAFE_INTEGER },
  // Between "everything" and 50 x 100, so a body uses the room it has (a 1 MB list showed 100 terms in 3,308 characters).
  { maxLists: 200, maxTermsPerList: 1000 },
  { maxLists: 100, maxTermsPerList: 400 },
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

export interface TextLimit {
  limit: number;
  measure: Measure;
}

/**
 * GitHub's published limits, one per place kwsync writes to:
 * - comment, issueBody: REST "Create an issue comment" / "Create an issue": GitHub answers 422 "body is
 *   too long (maximum is 65536 characters)" past 65,536 characters.
 * - checkSummary: REST "Create a check run", output.summary "Maximum length: 65535 characters"; GitHub
 *   counts it in bytes in practice (github/rest-api-description#5399), so bytes here.
 * - checkAnnotation: REST "Create a check run", annotations[].message and raw_details "64 KB".
 * - jobSummary: "Adding a job summary": "a maximum of 1MiB per step" (GITHUB_STEP_SUMMARY); kwsync keeps
 *   SUMMARY_LIMIT_BYTES (1,000,000) for the runner's own additions.
 * - workflowAnnotation: `::error`/`::warning` and core.setFailed: the runner keeps about 4,096
 *   characters of one annotation message (seen on github.com runners; not published as a number).
 */
export const GITHUB_LIMITS = {
  comment: { limit: 65_536, measure: characters },
  issueBody: { limit: 65_536, measure: characters },
  checkSummary: { limit: 65_535, measure: utf8Bytes },
  checkAnnotation: { limit: 64 * 1024, measure: utf8Bytes },
  jobSummary: { limit: 1_048_576, measure: utf8Bytes },
  workflowAnnotation: { limit: 4_096, measure: characters },
} as const satisfies Record<string, TextLimit>;

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
  const body = opts.wrap(cutAtLine(last, room, measure), true);
  // The wrapper alone may be too long (a head naming thousands of lists): cut the whole body then.
  return { body: measure(body) <= limit ? body : fitText(body, { limit, measure }), truncated: true };
}

export const CUT_POINTER = '\n\n_…cut here to fit GitHub\'s size limit; the job summary of this run has the rest._';

/**
 * Any text cut to its limit: whole lines while they fit (markdown kept balanced, cutAtLine), else
 * whole characters, then `pointer` saying where the rest is. The result never exceeds the limit.
 */
export function fitText(text: string, where: TextLimit, pointer = CUT_POINTER): string {
  const { limit, measure } = where;
  if (measure(text) <= limit) return text;
  const tail = measure(pointer) <= limit / 2 ? pointer : '';
  const room = limit - measure(tail);
  let kept = cutAtLine(text, room, measure);
  if (kept.trim() === '' || measure(kept) > room) kept = cutChars(text, room, measure);
  return kept + tail;
}

/** The longest prefix of whole code points within `room`. */
function cutChars(text: string, room: number, measure: Measure): string {
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(text.slice(0, mid)) <= room) lo = mid;
    else hi = mid - 1;
  }
  // Never split a surrogate pair.
  const end = lo > 0 && /[\uD800-\uDBFF]/.test(text[lo - 1]!) ? lo - 1 : lo;
  return text.slice(0, end);
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
