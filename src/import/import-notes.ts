// What `kwsync import` warns about how live was read: the plan's notes, plus what import itself
// cannot bring in (lists with a file whose live list could not be read, ids that cannot name a
// file). Named, never skipped silently; shown through displayLine, since ids come from the live app.
import { displayLine } from '../load/quote-value.js';
import { liveNotes, type LiveLists } from '../plan/read-live.js';
import { unusableIds } from './list-files.js';

export function importNotes(read: LiveLists): string[] {
  const managed = read.unreadable.filter((u) => u.wanted);
  const unusable = unusableIds(read.lists);
  return [
    ...liveNotes(read),
    ...managed.map((u) => `not imported: the live list ${u.id} could not be read (${u.problems.join('; ')})`),
    ...(unusable.length > 0
      ? [`not imported: ${unusable.length} live list${unusable.length === 1 ? '' : 's'} whose id cannot name a file (letters, digits, - and _ only): ${unusable.map((id) => JSON.stringify(id)).join(', ')}`]
      : []),
  ].map(displayLine);
}
