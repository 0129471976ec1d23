// The emulator's world as data: users, groups, group messages, calls and the starting keyword
// lists. The seed generator produces it; `data`/`--data FILE` replaces it and is checked here.
import { z } from 'zod';
import { CATEGORIES } from '../model/keyword-list.js';

const uid = z.string().min(1);

export const userSchema = z.strictObject({
  uid,
  name: z.string(),
  role: z.string().default('default'),
  avatar: z.string().default(''),
  status: z.string().default('offline'),
  createdAt: z.number().int().default(0),
});

export const groupSchema = z.strictObject({
  guid: z.string().min(1),
  name: z.string(),
  type: z.enum(['public', 'private', 'password']).default('public'),
  createdAt: z.number().int().default(0),
  /** Per member: the id of the last message they read (drives the approximate `unread` filter). */
  readUpTo: z.record(z.string(), z.number().int()).default({}),
});

export const ATTACHMENT_TYPES = ['image', 'video', 'audio', 'file'] as const;

export const messageSchema = z.strictObject({
  id: z.number().int().positive(),
  guid: z.string().min(1),
  sender: uid,
  category: z.string().default('message'),
  type: z.string().default('text'),
  text: z.string().optional(),
  sentAt: z.number().int(),
  updatedAt: z.number().int().optional(),
  parentId: z.number().int().positive().optional(),
  mentions: z.array(uid).default([]),
  attachments: z
    .array(z.strictObject({ type: z.enum(ATTACHMENT_TYPES), url: z.string(), name: z.string().default('') }))
    .default([]),
  tags: z.array(z.string()).default([]),
  reactions: z.array(z.strictObject({ reaction: z.string(), uids: z.array(uid) })).default([]),
  metadata: z.record(z.string(), z.unknown()).default({}),
});

const minutes = z.number().min(0);

export const participantSchema = z.strictObject({
  uid,
  totalAudioMinutes: minutes,
  totalVideoMinutes: minutes,
  totalDurationInMinutes: minutes,
  deviceId: z.string(),
  isJoined: z.boolean(),
  joinedAt: z.number().int().optional(),
  leftAt: z.number().int().optional(),
  state: z.enum(['ongoing', 'ended', 'unanswered', 'rejected']),
});

export const recordingSchema = z.strictObject({
  rid: z.string(),
  duration: minutes,
  startTime: z.number().int(),
  endTime: z.number().int(),
  recording_url: z.string(),
});

export const transcriptionSchema = z.strictObject({
  roomName: z.string().default(''),
  mid: z.string().default(''),
  tid: z.string(),
  startTime: z.number().int(),
  endTime: z.number().int(),
  transcriptDate: z.string(),
  transcriptUrl: z.string(),
});

/** The seed's six; the published enum is rejected|ongoing|ended and its text adds unanswered. */
export const CALL_STATUS_VALUES = ['initiated', 'ongoing', 'ended', 'unanswered', 'rejected', 'canceled'] as const;

export const callSchema = z.strictObject({
  sessionId: z.string().min(1),
  mid: z.string().default(''),
  type: z.enum(['audio', 'video']),
  mode: z.enum(['call', 'meet', 'presenter']),
  receiverType: z.enum(['user', 'group']),
  initiator: uid,
  receiver: z.string().min(1),
  status: z.enum(CALL_STATUS_VALUES),
  totalAudioMinutes: minutes,
  totalVideoMinutes: minutes,
  totalDurationInMinutes: minutes,
  totalDuration: z.string().regex(/^\d{2,}:\d{2}:\d{2}$/, 'HH:MM:SS'),
  totalParticipants: z.number().int().min(0),
  hasRecording: z.boolean(),
  hasTranscription: z.boolean().default(false),
  initiatedAt: z.number().int(),
  startedAt: z.number().int(),
  endedAt: z.number().int().optional(),
  participants: z.array(participantSchema).max(50),
  recordings: z.array(recordingSchema).default([]),
  transcriptions: z.array(transcriptionSchema).default([]),
  metaData: z.array(z.unknown()).default([]),
  tags: z.array(z.string()).default([]),
});

export const seedListSchema = z.strictObject({
  id: z.string().min(1),
  name: z.string(),
  description: z.string().default(''),
  category: z.enum(CATEGORIES),
  searchTerms: z.array(z.string()),
  isCSV: z.boolean().default(false),
  active: z.boolean().default(true),
  default: z.boolean().default(false),
});

export const emulatorDataSchema = z.strictObject({
  users: z.array(userSchema).default([]),
  groups: z.array(groupSchema).default([]),
  messages: z.array(messageSchema).default([]),
  calls: z.array(callSchema).default([]),
  keywordLists: z.array(seedListSchema).default([]),
});

/** What `data` / `--data FILE` may hold (defaults filled in). */
export type EmulatorData = z.input<typeof emulatorDataSchema>;
/** The same after parsing: every default applied. */
export type EmulatorWorld = z.output<typeof emulatorDataSchema>;
export type EmulatorUser = z.output<typeof userSchema>;
export type EmulatorGroup = z.output<typeof groupSchema>;
export type EmulatorMessage = z.output<typeof messageSchema>;
export type EmulatorCall = z.output<typeof callSchema>;
export type SeedKeywordList = z.output<typeof seedListSchema>;

/**
 * Parses data given by a user. Returns every problem (schema and cross-references), each as
 * `where: what`, so a bad data file is fixed in one go.
 */
export function parseEmulatorData(input: unknown): { world?: EmulatorWorld; problems: string[] } {
  const parsed = emulatorDataSchema.safeParse(input);
  if (!parsed.success) {
    return { problems: parsed.error.issues.map((i) => `${formatPath(i.path)}: ${i.message}`) };
  }
  const world = parsed.data;
  const problems = crossReferenceProblems(world);
  return problems.length > 0 ? { problems } : { world, problems };
}

function crossReferenceProblems(world: EmulatorWorld): string[] {
  const problems: string[] = [];
  const users = new Set(world.users.map((u) => u.uid));
  const groups = new Set(world.groups.map((g) => g.guid));
  const seenIds = new Set<string>();
  world.messages.forEach((m, i) => {
    if (!groups.has(m.guid)) problems.push(`messages[${i}].guid: unknown group "${m.guid}"`);
    if (!users.has(m.sender)) problems.push(`messages[${i}].sender: unknown user "${m.sender}"`);
    const key = `${m.guid}/${m.id}`;
    if (seenIds.has(key)) problems.push(`messages[${i}].id: duplicate id ${m.id} in group "${m.guid}"`);
    seenIds.add(key);
  });
  const sessions = new Set<string>();
  world.calls.forEach((c, i) => {
    if (sessions.has(c.sessionId)) problems.push(`calls[${i}].sessionId: duplicate "${c.sessionId}"`);
    sessions.add(c.sessionId);
  });
  const listIds = new Set<string>();
  world.keywordLists.forEach((l, i) => {
    if (listIds.has(l.id)) problems.push(`keywordLists[${i}].id: duplicate "${l.id}"`);
    listIds.add(l.id);
  });
  return problems;
}

function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : `${out ? '.' : ''}${String(p)}`;
  return out || '(top level)';
}
