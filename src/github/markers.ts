// Hidden markers that let kwsync find its own comment or issue again (one per target).

export function planMarker(target: string): string {
  return `<!-- kwsync:plan target=${target} -->`;
}

export function applyMarker(target: string): string {
  return `<!-- kwsync:apply target=${target} -->`;
}

export function driftMarker(target: string): string {
  return `<!-- kwsync:drift target=${target} -->`;
}

export const DRIFT_LABEL = 'kwsync-drift';

/** What kwsync reads from a comment or issue to decide whether it wrote it. */
export interface MarkedItem {
  body?: string | null;
  user?: { type?: string } | null;
}

/**
 * True for kwsync's own comment or issue: written by a bot and starting with the marker. A person
 * who quotes the marker (or edits it into their own comment) must never be taken for kwsync.
 */
export function isOwnMarkedItem(item: MarkedItem, marker: string): boolean {
  return item.user?.type === 'Bot' && (item.body ?? '').startsWith(marker);
}

/** The first of kwsync's own items with `marker` (and passing `also`), reading pages only until found. */
export async function findOwnMarked<T extends MarkedItem>(
  pages: AsyncIterable<{ data: T[] }>,
  marker: string,
  also: (item: T) => boolean = () => true,
): Promise<T | undefined> {
  for await (const page of pages) {
    const hit = page.data.find((item) => also(item) && isOwnMarkedItem(item, marker));
    if (hit) return hit;
  }
  return undefined;
}
