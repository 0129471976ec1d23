// What an app's rules did to the messages sent to it: the messages delivered (they join their
// group's messages), the messages blocked (GET /moderation/blocked-messages, until approved or
// reviewed) and the reviewed ones. Per app; persisted beside the lists and rules.
import { z } from 'zod';
import { ConfigError } from '../errors.js';
import { messageSchema, type EmulatorMessage } from './data-schema.js';
import { storedConditionSchema, type StoredCondition } from './rule-body.js';

export interface BlockedRecord {
  ruleId: string;
  ruleName: string;
  revisionId: string;
  condition: StoredCondition;
  action: string[];
  message: EmulatorMessage;
  muid: string;
  createdAt: number;
  updatedAt: number;
  /** Set once reviewed ({status, reviewed: true}); a reviewed item leaves the blocked list. */
  reviewed?: { status: 'approved' | 'rejected'; at: number };
}


const blockedSchema = z.strictObject({
  ruleId: z.string(),
  ruleName: z.string(),
  revisionId: z.string(),
  condition: storedConditionSchema,
  action: z.array(z.string()),
  message: messageSchema,
  muid: z.string(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  reviewed: z.strictObject({ status: z.enum(['approved', 'rejected']), at: z.number().int() }).optional(),
});

const savedSchema = z.strictObject({
  nextId: z.number().int().positive(),
  sent: z.array(messageSchema),
  blocked: z.array(blockedSchema),
});
export type SavedModeration = z.output<typeof savedSchema>;

/** Blocked items kept per app: the oldest go first past this (a long-running emulator stays bounded). */
export const MAX_BLOCKED = 10_000;
/** Messages delivered through POST /messages kept per app. */
export const MAX_SENT = 50_000;

export class ModerationLog {
  private sent: EmulatorMessage[] = [];
  private blocked: BlockedRecord[] = [];
  private nextId: number;

  /** `firstId`: above every message id of the world, so sent messages sort after them. */
  constructor(firstId: number) {
    this.nextId = firstId;
  }

  load(saved: unknown, where: string): void {
    const parsed = savedSchema.safeParse(saved);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      throw new ConfigError(`${where}: moderation.${first?.path.join('.') ?? ''}: ${first?.message ?? 'invalid'}`, { hint: 'delete it to start from the seed lists' });
    }
    this.sent = parsed.data.sent as EmulatorMessage[];
    this.blocked = parsed.data.blocked as BlockedRecord[];
    this.nextId = Math.max(this.nextId, parsed.data.nextId);
  }

  snapshot(): SavedModeration {
    return { nextId: this.nextId, sent: this.sent, blocked: this.blocked };
  }

  takeId(): number {
    return this.nextId++;
  }

  deliver(m: EmulatorMessage): void {
    this.sent.push(m);
    if (this.sent.length > MAX_SENT) this.sent.splice(0, this.sent.length - MAX_SENT);
  }

  /** Messages delivered to a group through POST /messages (ascending by id). */
  sentTo(guid: string): EmulatorMessage[] {
    return this.sent.filter((m) => m.guid === guid).sort((a, b) => a.id - b.id);
  }

  get hasSent(): boolean {
    return this.sent.length > 0;
  }

  block(record: BlockedRecord): void {
    this.blocked.push(record);
    if (this.blocked.length > MAX_BLOCKED) this.blocked.splice(0, this.blocked.length - MAX_BLOCKED);
  }

  /** Items still blocked (not approved, not reviewed), newest first. */
  pending(): BlockedRecord[] {
    return this.blocked.filter((b) => b.reviewed === undefined).reverse();
  }

  /** Reviewed items, newest first. */
  reviewedItems(): BlockedRecord[] {
    return this.blocked.filter((b) => b.reviewed !== undefined).reverse();
  }

  /** The pending item of a message id, or undefined. */
  pendingById(id: string): BlockedRecord | undefined {
    return this.blocked.find((b) => b.reviewed === undefined && String(b.message.id) === id);
  }

  /** Approve: the item leaves the blocked list and the message is delivered. */
  approve(record: BlockedRecord): void {
    this.blocked = this.blocked.filter((b) => b !== record);
    this.deliver(record.message);
  }

  review(record: BlockedRecord, status: 'approved' | 'rejected', at: number): void {
    record.reviewed = { status, at };
    record.updatedAt = at;
  }
}
