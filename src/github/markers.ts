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
