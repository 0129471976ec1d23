// The app's moderation rules: create, update (replace, or merge as a mode), delete, revisions, and
// the built-in rules every app has (`default: true`), which are never written or deleted. Answers
// in the published response shape: the reference flag spelled isKeywordsReferencePresent, `value`
// an array, `active`, `revisionId` per write. In memory; persistence.ts saves it when asked.
import { badRequest, EmulatorHttpError } from './http-errors.js';
import { appHashOf } from './keyword-store.js';
import { DEFAULT_RULE_BODY, readRuleBody, RULE_LIMITS, type RuleBodyOptions, type StoredCondition, type StoredFilter } from './rule-body.js';

export interface StoredRule {
  id: string;
  name: string;
  description: string;
  enabled: boolean;
  action: string[];
  conditions: StoredCondition[];
  filters: StoredFilter[];
  default: boolean;
  createdAt: number;
  updatedAt: number;
  /** Writes so far: 1 after create, +1 per update. */
  revision: number;
  /** A built-in's revision id as the published example spells it (it breaks the `{app}_{id}_{n}` form). */
  revisionIdBase?: string;
}

/** How PUT treats fields the body leaves out: 'replace' (the default) resets them, 'merge' keeps them. Not published. */
export type RulePutMode = 'replace' | 'merge';

export interface RuleStoreOptions extends RuleBodyOptions {
  putMode: RulePutMode;
}

export const DEFAULT_RULE_STORE: RuleStoreOptions = { ...DEFAULT_RULE_BODY, putMode: 'replace' };

/** The published code for an unknown rule id ([EM]); the status is not published (404, as for lists). */
export const RULE_NOT_FOUND = 'ERR_RULE_NOT_FOUND';
/** Not published: the code the emulator gives a write to a built-in rule (400, like a default list's). */
export const DEFAULT_RULE_READ_ONLY = 'ERR_BAD_REQUEST';
/** Snapshots kept per rule; GET revisions answers the newest REVISIONS_LIMIT (the published meta says limit 10). */
const MAX_SNAPSHOTS = 50;
export const REVISIONS_LIMIT = 10;

const condition = (c: Omit<StoredCondition, 'id' | 'entity' | 'isMediaPresent'> & Partial<StoredCondition>): StoredCondition => ({
  id: 1,
  entity: 'message',
  isMediaPresent: false,
  ...c,
});

/**
 * The built-in rules the emulator seeds, after the published List Rules example ([R]): ids,
 * names, conditions, actions, `enabled` and the odd revision ids as published. The text profanity
 * rule references the default list `profanity-list` and is enabled; the others are off.
 */
export function defaultRules(at: number): StoredRule[] {
  const base = { description: '', enabled: false, filters: [], default: true, createdAt: at, updatedAt: at };
  const phone = String.raw`\+?\d{1,3}?[-.\s]?\(?\d{1,4}?\)?[-.\s]?\d{1,4}[-.\s]?\d{1,4}[-.\s]?\d{1,9}`;
  const email = String.raw`[a-zA-Z0-9._%+-]{1,64}@[a-zA-Z0-9.-]{1,255}\.[a-zA-Z]{2,10}`;
  return [
    {
      ...base,
      id: 'text-profanity-filter',
      name: 'Text Profanity filter',
      description: 'Detect and censor profanity in text messages.',
      enabled: true,
      action: ['blockMessage'],
      conditions: [condition({ operand: 'text', category: 'word', operator: 'contains', isReference: true, value: ['profanity-list'] })],
      revision: 25,
      revisionIdBase: 'profanity-filter',
    },
    {
      ...base,
      id: 'image-moderation',
      name: 'AI Image Moderation',
      description: 'AI-powered image moderation to detect unsafe content.',
      action: ['blockMessage'],
      conditions: [condition({ operand: 'image', category: 'word', operator: 'contains', isReference: false, isMediaPresent: true, value: ['AnyOf_greaterThan_30'] })],
      revision: 11,
    },
    {
      ...base,
      id: 'video-moderation',
      name: 'AI Video Moderation',
      description: 'AI-powered video moderation to detect unsafe content.',
      action: ['dropMessage'],
      conditions: [condition({ operand: 'video', category: 'word', operator: 'contains', isReference: false, isMediaPresent: true, value: ['AnyOf_greaterThan_30'] })],
      revision: 10,
    },
    {
      ...base,
      id: 'custom-profanity-filter',
      name: 'Custom Profanity filter',
      description: 'Detect and censor profanity in custom messages.',
      action: ['dropMessage'],
      conditions: [condition({ operand: 'custom', category: 'word', operator: 'contains', isReference: true, value: ['profanity-list'] })],
      revision: 8,
      revisionIdBase: 'profanity-filter',
    },
    {
      ...base,
      id: 'contact_details_filter',
      name: 'Contact details filter',
      description: 'Identifies and removes phone numbers from text',
      action: ['blockMessage'],
      conditions: [
        condition({ operand: 'text', category: 'pattern', operator: 'contains', isReference: false, value: [phone] }),
        condition({ id: 2, operand: 'custom', category: 'pattern', operator: 'contains', isReference: false, value: [phone] }),
      ],
      revision: 3,
    },
    {
      ...base,
      id: 'email_filter',
      name: 'Email filter',
      description: 'Identify and remove email address from messages',
      action: ['blockMessage'],
      conditions: [
        condition({ operand: 'text', category: 'pattern', operator: 'contains', isReference: false, value: [email] }),
        condition({ id: 2, operand: 'custom', category: 'pattern', operator: 'contains', isReference: false, value: [email] }),
      ],
      revision: 5,
      revisionIdBase: 'contact_email_filter',
    },
  ];
}

export class RuleStore {
  private readonly rules = new Map<string, StoredRule>();
  /** Snapshots per rule, oldest first; the last is the live one. */
  private readonly snapshots = new Map<string, StoredRule[]>();
  readonly appHash: string;

  constructor(
    readonly appId: string,
    private readonly nowSeconds: () => number,
    readonly options: RuleStoreOptions = DEFAULT_RULE_STORE,
  ) {
    this.appHash = appHashOf(appId);
  }

  /** Replaces every rule (a state file, or the seed); each starts with one snapshot. */
  load(rules: readonly StoredRule[]): void {
    this.rules.clear();
    this.snapshots.clear();
    for (const r of rules) {
      const copy = structuredClone(r);
      this.rules.set(r.id, copy);
      this.snapshots.set(r.id, [structuredClone(copy)]);
    }
  }

  all(): StoredRule[] {
    return [...this.rules.values()];
  }

  /** The rules the engine runs: enabled, in the order they were made. */
  enabled(): StoredRule[] {
    return this.all().filter((r) => r.enabled);
  }

  get(id: string): StoredRule {
    const rule = this.rules.get(id);
    if (!rule) throw new EmulatorHttpError(404, RULE_NOT_FOUND, `No rule exists with the specified rule ID "${id}".`);
    return rule;
  }

  create(body: unknown): StoredRule {
    const fields = readRuleBody(body, { whole: true, options: this.options });
    const id = fields.id as string;
    if (this.rules.has(id)) {
      const existing = this.rules.get(id) as StoredRule;
      throw badRequest(existing.default ? `"${id}" is a default rule; default rules cannot be created, changed or deleted.` : `A rule with id "${id}" already exists; use PUT to change it.`);
    }
    const custom = this.all().filter((r) => !r.default).length;
    if (custom >= RULE_LIMITS.maxRules) {
      throw badRequest(`The app already has ${custom} rules; at most ${RULE_LIMITS.maxRules} are allowed (default rules not counted).`);
    }
    const now = this.nowSeconds();
    const rule: StoredRule = {
      id,
      name: fields.name as string,
      description: fields.description ?? '',
      enabled: fields.enabled ?? true,
      action: fields.action as string[],
      conditions: fields.conditions as StoredCondition[],
      filters: fields.filters ?? [],
      default: false,
      createdAt: now,
      updatedAt: now,
      revision: 1,
    };
    this.rules.set(id, rule);
    this.snapshots.set(id, [structuredClone(rule)]);
    return rule;
  }

  /**
   * PUT. 'replace': the body is a whole rule, fields it leaves out take their defaults (description
   * '', enabled true, filters []). 'merge': only the fields present change. A built-in rule refuses.
   */
  update(id: string, body: unknown): StoredRule {
    const rule = this.get(id);
    if (rule.default) throw readOnly(id);
    const whole = this.options.putMode === 'replace';
    const fields = readRuleBody(whole && typeof body === 'object' && body !== null && !('id' in body) ? { ...body, id } : body, { whole, options: this.options });
    if (fields.id !== undefined && fields.id !== id) throw badRequest(`Invalid rule: id "${fields.id}" in the body differs from "${id}" in the path.`);
    const updated: StoredRule = whole
      ? {
          ...rule,
          name: fields.name as string,
          description: fields.description ?? '',
          enabled: fields.enabled ?? true,
          action: fields.action as string[],
          conditions: fields.conditions as StoredCondition[],
          filters: fields.filters ?? [],
        }
      : {
          ...rule,
          ...(fields.name !== undefined ? { name: fields.name } : {}),
          ...(fields.description !== undefined ? { description: fields.description } : {}),
          ...(fields.enabled !== undefined ? { enabled: fields.enabled } : {}),
          ...(fields.action !== undefined ? { action: fields.action } : {}),
          ...(fields.conditions !== undefined ? { conditions: fields.conditions } : {}),
          ...(fields.filters !== undefined ? { filters: fields.filters } : {}),
        };
    updated.updatedAt = this.nowSeconds();
    updated.revision = rule.revision + 1;
    this.rules.set(id, updated);
    const snaps = this.snapshots.get(id) ?? [];
    snaps.push(structuredClone(updated));
    if (snaps.length > MAX_SNAPSHOTS) snaps.splice(0, snaps.length - MAX_SNAPSHOTS);
    this.snapshots.set(id, snaps);
    return updated;
  }

  remove(id: string): void {
    const rule = this.get(id);
    if (rule.default) throw readOnly(id);
    this.rules.delete(id);
    this.snapshots.delete(id);
  }

  /** Snapshots newest first, at most REVISIONS_LIMIT. */
  revisionsOf(id: string): StoredRule[] {
    this.get(id);
    return [...(this.snapshots.get(id) ?? [])].reverse().slice(0, REVISIONS_LIMIT);
  }

  revisionId(rule: StoredRule): string {
    return `${this.appHash}_${rule.revisionIdBase ?? rule.id}_${rule.revision}`;
  }

  /** The published response shape. `filters` is echoed (no published answer shows it; documented). */
  render(rule: StoredRule, active = true) {
    return {
      id: rule.id,
      name: rule.name,
      description: rule.description,
      enabled: rule.enabled,
      conditions: rule.conditions.map(renderCondition),
      ...(rule.filters.length > 0 ? { filters: rule.filters.map((f) => ({ ...f })) } : {}),
      action: [...rule.action],
      active,
      createdAt: rule.createdAt,
      updatedAt: rule.updatedAt,
      revisionId: this.revisionId(rule),
      ...(rule.default ? { default: true } : {}),
    };
  }

  renderRevisions(id: string) {
    const snaps = this.revisionsOf(id);
    return snaps.map((s, i) => this.render(s, i === 0));
  }
}

/** A condition in the published response shape (field order as in the examples). */
export function renderCondition(c: StoredCondition) {
  return {
    id: c.id,
    isKeywordsReferencePresent: c.isReference,
    isMediaPresent: c.isMediaPresent,
    entity: c.entity,
    operand: c.operand,
    category: c.category,
    operator: c.operator,
    value: [...c.value],
    ...(c.message ? { message: [...c.message] } : {}),
  };
}

function readOnly(id: string): EmulatorHttpError {
  return new EmulatorHttpError(400, DEFAULT_RULE_READ_ONLY, `"${id}" is a default rule; default rules cannot be changed or deleted through the API (switch them on or off in the dashboard).`);
}
