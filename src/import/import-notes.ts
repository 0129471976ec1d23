// What `kwsync import` warns about how live was read: the plan's notes, plus the lists with a file
// whose live list could not be read (import cannot bring those in; they are named, not skipped silently).
import { liveNotes, type LiveLists } from '../plan/read-live.js';

export function importNotes(read: LiveLists): string[] {
  const managed = read.unreadable.filter((u) => u.wanted);
  return [
    ...liveNotes(read),
    ...managed.map((u) => `not imported: the live list ${u.id} could not be read (${u.problems.join('; ')})`),
  ];
}
