// Deterministic seed data: the same seed gives the same world, byte for byte. Sized so a client
// can page 10,000 messages of one group and several pages of calls.
import { createPrng, type Prng } from './prng.js';
import type { EmulatorCall, EmulatorGroup, EmulatorMessage, EmulatorUser, EmulatorWorld } from './data-schema.js';
import { seedMarketplace } from './seed-marketplace.js';

export const SEED_BASE_TIME = 1_718_000_000; // June 2024, UNIX seconds
export const BUSY_GROUP = 'cometchat-guid-1';
export const BUSY_GROUP_MESSAGES = 12_000;

const FIRST_NAMES = ['Andrew', 'George', 'Nancy', 'Susan', 'John', 'Priya', 'Mei', 'Lars', 'Aisha', 'Diego'];
const WORDS = (
  'hello team meeting today tomorrow release review ship deploy coffee lunch please thanks great idea ' +
  'darn heck call me later budget report design bug fix test plan weekend project launch'
).split(' ');
const LINKS = ['https://example.com/docs', 'http://example.org/a?b=1', 'https://cometchat.com/blog'];
const REACTIONS = ['👍', '😂', '🎉', '❤️'];
const TAGS = ['important', 'pinned', 'support', 'followup'];

export function generateSeedData(seed = 1, userCount = 20, groupCount = 5): EmulatorWorld {
  const prng = createPrng(seed);
  const users = Array.from({ length: userCount }, (_, i) => seedUser(i + 1, prng));
  const groups: EmulatorGroup[] = Array.from({ length: groupCount }, (_, i) => ({
    guid: `cometchat-guid-${i + 1}`,
    name: `Group ${i + 1}`,
    type: i === groupCount - 1 ? 'private' : 'public',
    createdAt: SEED_BASE_TIME - 86_400 * (30 - i),
    readUpTo: {},
  }));
  const messages: EmulatorMessage[] = [];
  for (const group of groups) {
    const count = group.guid === BUSY_GROUP ? BUSY_GROUP_MESSAGES : 150;
    seedMessages(group, count, users, prng, messages);
  }
  const calls = Array.from({ length: 200 }, (_, i) => seedCall(i, users, groups, prng));
  // Realistic chat for sentence-similarity previews; last, so everything above stays as it was.
  seedMarketplace(seed, SEED_BASE_TIME, users, groups, messages);
  return {
    users,
    groups,
    messages,
    calls,
    keywordLists: [
      {
        id: 'profanity-list',
        name: 'Profane Words',
        description: '', // as in the published example: the default list has none
        category: 'word',
        searchTerms: ['damn', 'crap', 'bloody'],
        isCSV: false,
        active: true,
        default: true,
      },
    ],
  };
}

function seedUser(n: number, prng: Prng): EmulatorUser {
  return {
    uid: `cometchat-uid-${n}`,
    name: `${prng.pick(FIRST_NAMES)} ${String.fromCharCode(64 + ((n - 1) % 26) + 1)}.`,
    role: n === 1 ? 'admin' : 'default',
    avatar: `https://assets.cometchat.io/sampleapp/v2/users/cometchat-uid-${n}.webp`,
    status: n % 3 === 0 ? 'online' : 'offline',
    createdAt: SEED_BASE_TIME - 86_400 * 60 + n,
  };
}

function seedMessages(
  group: EmulatorGroup,
  count: number,
  users: EmulatorUser[],
  prng: Prng,
  out: EmulatorMessage[],
): void {
  let id = out.length;
  let sentAt = group.createdAt + 60;
  const firstId = id + 1;
  for (let i = 0; i < count; i++) {
    id += 1;
    sentAt += prng.int(1, 90);
    const sender = prng.pick(users).uid;
    const message: EmulatorMessage = {
      id,
      guid: group.guid,
      sender,
      category: 'message',
      type: 'text',
      sentAt,
      mentions: [],
      attachments: [],
      tags: [],
      reactions: [],
      metadata: {},
    };
    if (prng.chance(0.06)) {
      const type = prng.pick(['image', 'video', 'audio', 'file'] as const);
      message.type = type;
      message.attachments = [{ type, url: `https://files.example.com/${group.guid}/${id}.${extension(type)}`, name: `${id}.${extension(type)}` }];
    } else {
      message.text = seedText(prng, users, message);
    }
    if (i > 5 && prng.chance(0.07)) message.parentId = prng.int(firstId, id - 1);
    if (prng.chance(0.05)) message.tags = [prng.pick(TAGS)];
    if (prng.chance(0.1)) message.reactions = [{ reaction: prng.pick(REACTIONS), uids: [prng.pick(users).uid] }];
    if (prng.chance(0.02)) message.updatedAt = sentAt + prng.int(10, 600);
    out.push(message);
  }
  // Each member has read up to some point, so `unread` has something to show.
  for (const user of users) group.readUpTo[user.uid] = prng.int(firstId, id);
}

function seedText(prng: Prng, users: EmulatorUser[], message: EmulatorMessage): string {
  const words = Array.from({ length: prng.int(2, 12) }, () => prng.pick(WORDS));
  if (prng.chance(0.08)) {
    const mentioned = prng.pick(users).uid;
    message.mentions = [mentioned];
    words.unshift(`<@uid:${mentioned}>`);
  }
  if (prng.chance(0.05)) words.push(prng.pick(LINKS));
  if (prng.chance(0.01)) words.push(`call 555-${prng.int(1000, 9999)}`);
  return words.join(' ');
}

function extension(type: 'image' | 'video' | 'audio' | 'file'): string {
  return { image: 'png', video: 'mp4', audio: 'mp3', file: 'pdf' }[type];
}

function seedCall(i: number, users: EmulatorUser[], groups: EmulatorGroup[], prng: Prng): EmulatorCall {
  const initiatedAt = SEED_BASE_TIME + i * 3_600 + prng.int(0, 1_800);
  const toGroup = prng.chance(0.3);
  const initiator = prng.pick(users).uid;
  const receiver = toGroup ? prng.pick(groups).guid : prng.pick(users.filter((u) => u.uid !== initiator)).uid;
  const type = prng.chance(0.5) ? 'audio' : 'video';
  // The published enum (rejected|ongoing|ended) and `unanswered` from its text; the seed's other
  // two (initiated, canceled) stay accepted as filters and in --data files, never generated.
  const status = prng.pick(['ended', 'ended', 'ended', 'ended', 'unanswered', 'unanswered', 'rejected', 'ongoing', 'ended'] as const);
  const talked = status === 'ended' || status === 'ongoing';
  const uids = toGroup ? pickSome(users, prng.int(2, 5), prng).map((u) => u.uid) : [initiator, receiver];
  if (!uids.includes(initiator)) uids[0] = initiator;
  const participants = uids.flatMap((uid, n) => {
    const devices = talked && prng.chance(0.1) ? 2 : 1; // some join from two devices
    return Array.from({ length: devices }, (_, d) => {
      const minutesTalked = talked ? round2(prng.int(1, 3_600) / 60) : 0;
      const joinedAt = initiatedAt + prng.int(0, 30);
      return {
        uid,
        totalAudioMinutes: minutesTalked,
        totalVideoMinutes: type === 'video' ? minutesTalked : 0,
        totalDurationInMinutes: type === 'video' ? round2(minutesTalked * 2) : minutesTalked,
        deviceId: `device-${i}-${n}-${d}`,
        isJoined: talked,
        ...(talked ? { joinedAt, leftAt: joinedAt + Math.round(minutesTalked * 60) } : {}),
        state: talked ? (status === 'ongoing' ? 'ongoing' : 'ended') : status === 'rejected' ? 'rejected' : 'unanswered',
      } as const;
    });
  });
  const audio = round2(participants.reduce((s, p) => s + p.totalAudioMinutes, 0));
  const video = round2(participants.reduce((s, p) => s + p.totalVideoMinutes, 0));
  const longest = Math.max(0, ...participants.map((p) => p.totalAudioMinutes));
  const endedAt = status === 'ongoing' ? undefined : initiatedAt + Math.round(longest * 60) + 5;
  const hasRecording = status === 'ended' && prng.chance(0.3);
  const sessionId = `v1.us.${(0x1f2e3d4c + i * 7919).toString(16)}.${initiatedAt}`;
  // Drawn in the order the fields used to be, so the seed data stays as it was.
  const mode = toGroup ? prng.pick(['meet', 'presenter'] as const) : 'call';
  const hasTranscription = hasRecording && prng.chance(0.4);
  const mid = `mid-${i + 1}`;
  return {
    sessionId,
    mid,
    type,
    mode,
    receiverType: toGroup ? 'group' : 'user',
    initiator,
    receiver,
    status,
    totalAudioMinutes: audio,
    totalVideoMinutes: video,
    totalDurationInMinutes: round2(audio + video),
    totalDuration: timer(longest * 60),
    totalParticipants: participants.length,
    hasRecording,
    hasTranscription,
    initiatedAt,
    startedAt: initiatedAt,
    ...(endedAt === undefined ? {} : { endedAt }),
    participants,
    recordings: hasRecording
      ? [{ rid: `rec-${i + 1}`, duration: round2(longest), startTime: initiatedAt + 5, endTime: initiatedAt + 5 + Math.round(longest * 60), recording_url: `https://recordings.example.com/${sessionId}.mp4` }]
      : [],
    transcriptions: hasTranscription
      ? [
          {
            roomName: `${sessionId}@conference.rtc.example.com`,
            mid,
            tid: `tid-${i + 1}`,
            startTime: initiatedAt + 5,
            endTime: initiatedAt + 5 + Math.round(longest * 60),
            transcriptDate: new Date((initiatedAt + 5) * 1000).toISOString(),
            transcriptUrl: `https://transcripts.example.com/${sessionId}.json`,
          },
        ]
      : [],
    metaData: [],
    tags: [],
  };
}

function pickSome<T>(items: readonly T[], n: number, prng: Prng): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < n && pool.length > 0) out.push(pool.splice(prng.int(0, pool.length - 1), 1)[0] as T);
  return out;
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

function timer(seconds: number): string {
  const s = Math.round(seconds);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}
