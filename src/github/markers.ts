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
  user?: { login?: string; type?: string } | null;
}

/**
 * True for kwsync's own comment or issue: written by `login` (the identity kwsync posts as, see
 * identity.ts) and starting with the marker. A person, or any other bot, who writes or quotes the
 * marker must never be taken for kwsync.
 */
export function isOwnMarkedItem(item: MarkedItem, marker: string, login: string): boolean {
  return item.user?.login === login && (item.body ?? '').startsWith(marker);
}

/** The first of `login`'s items with `marker` (and passing `also`), reading pages only until found. */
export async function findOwnMarked<T extends MarkedItem>(
  pages: AsyncIterable<{ data: T[] }>,
  marker: string,
  login: string,
  also: (item: T) => boolean = () => true,
): Promise<T | undefined> {
  for await (const page of pages) {
    const hit = page.data.find((item) => also(item) && isOwnMarkedItem(item, marker, login));
    if (hit) return hit;
  }
  return undefined;
}
