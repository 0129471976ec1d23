// The rules engine: which enabled rule acts on a text message sent to a group. Pure. Where the
// published description is silent the emulator decides (docs/decisions.md, "Rules in the emulator"):
// - a condition with the reference flag matches the referenced lists' terms (kwsync's own matcher,
//   src/match, by the condition's category, word or pattern); without the flag its values are the
//   terms; a list that does not exist (deleted) matches nothing; sentence-similarity lists and AI
//   categories (toxicity, ...) and media conditions are not emulated and match nothing;
// - `contains`: a term occurs in the text (words whole, patterns anywhere); `equals`: the whole
//   text (trimmed) is a term, or a pattern matches all of it;
// - conditions combine as 'any' (default, the dashboard's "any of") or 'all' (an emulator option):
//   only the conditions on the message's operand (`text`) take part;
// - every filter must hold for the rule to apply (filters say whom a rule covers);
// - rules run in the listing's order (built-ins, then custom rules as created); the first rule that
//   matches and whose action blocks (blockMessage, dropMessage) blocks the message; a rule that
//   matches but only flags or kicks lets it through.
import { compileMatcher, type Matcher } from '../match/index.js';
import { foldWord } from '../match/word-matcher.js';
import type { EmulatorGroup, EmulatorUser } from './data-schema.js';
import type { StoredList } from './keyword-store.js';
import { BLOCKING_ACTIONS, type StoredCondition, type StoredFilter } from './rule-body.js';
import type { StoredRule } from './rule-store.js';

/** How a rule's conditions combine (not published). */
export type ConditionCombination = 'any' | 'all';
export const CONDITION_COMBINATIONS: readonly ConditionCombination[] = ['any', 'all'];

export interface MessageUnderRules {
  text: string;
  sender: EmulatorUser | undefined;
  senderUid: string;
  group: EmulatorGroup;
}

export interface RuleVerdict {
  rule: StoredRule;
  condition: StoredCondition;
  blocks: boolean;
}

/** Compiled matchers, reused while a list's revision stays. */
export class MatcherCache {
  private readonly cache = new Map<string, Matcher | null>();
  get(key: string, category: string, terms: readonly string[]): Matcher | null {
    const hit = this.cache.get(key);
    if (hit !== undefined) return hit;
    const m = category === 'word' || category === 'pattern' ? compileMatcher({ category, searchTerms: [...terms] }) : null;
    if (this.cache.size > 500) this.cache.clear();
    this.cache.set(key, m);
    return m;
  }
}

/**
 * The rules that match the message, in order, each with the condition that matched; the first with
 * `blocks: true` is the one that blocks it. `lists` finds a list by id (undefined when there is none).
 */
export function judgeMessage(
  message: MessageUnderRules,
  rules: readonly StoredRule[],
  lists: (id: string) => StoredList | undefined,
  opts: { combine: ConditionCombination; cache?: MatcherCache },
): RuleVerdict[] {
  const cache = opts.cache ?? new MatcherCache();
  const out: RuleVerdict[] = [];
  for (const rule of rules) {
    if (!rule.enabled) continue;
    if (!rule.filters.every((f) => filterHolds(f, message))) continue;
    const applicable = rule.conditions.filter((c) => c.entity === 'message' && c.operand === 'text' && !c.isMediaPresent);
    if (applicable.length === 0) continue;
    const matched = applicable.filter((c) => conditionMatches(c, message.text, lists, cache));
    const fires = opts.combine === 'any' ? matched.length > 0 : matched.length === applicable.length;
    if (!fires) continue;
    out.push({ rule, condition: matched[0] as StoredCondition, blocks: rule.action.some((a) => BLOCKING_ACTIONS.has(a)) });
  }
  return out;
}

export function conditionMatches(c: StoredCondition, text: string, lists: (id: string) => StoredList | undefined, cache: MatcherCache): boolean {
  if (c.category !== 'word' && c.category !== 'pattern') return false;
  const termSets: { key: string; terms: readonly string[] }[] = c.isReference
    ? c.value.flatMap((id) => {
        const list = lists(id);
        // A list that is gone matches nothing; a sentence list is not emulated.
        if (!list || list.category === 'sentence-similarity') return [];
        return [{ key: `list:${id}:${list.revision}:${c.category}:${list.updatedAt}`, terms: list.searchTerms }];
      })
    : [{ key: `literal:${c.category}:${JSON.stringify(c.value)}`, terms: c.value }];
  for (const { key, terms } of termSets) {
    if (c.operator === 'equals') {
      if (equalsAny(c.category, terms, text)) return true;
      continue;
    }
    const matcher = cache.get(key, c.category, terms);
    if (matcher && matcher.matches(text).length > 0) return true;
  }
  return false;
}

function equalsAny(category: 'word' | 'pattern', terms: readonly string[], text: string): boolean {
  const whole = text.trim();
  if (category === 'word') {
    const folded = foldWord(whole);
    return terms.some((t) => foldWord(t.trim()) === folded);
  }
  return terms.some((t) => {
    try {
      return new RegExp(`^(?:${t})$`, 'iu').test(whole);
    } catch {
      return false;
    }
  });
}

/** Whether one filter holds for the message: sender filters look at the sending user, receiver filters at the group. */
export function filterHolds(f: StoredFilter, m: MessageUnderRules): boolean {
  let actual: string | string[] | number | undefined;
  if (f.type === 'sender' && f.entity === 'user') {
    const u = m.sender;
    actual = f.operand === 'uid' ? m.senderUid : u === undefined ? undefined : f.operand === 'name' ? u.name : f.operand === 'role' ? u.role : f.operand === 'createdAt' ? u.createdAt : undefined;
  } else if (f.type === 'receiver' && f.entity === 'group') {
    const g = m.group;
    actual = f.operand === 'guid' ? g.guid : f.operand === 'name' ? g.name : f.operand === 'type' ? g.type : f.operand === 'createdAt' ? g.createdAt : undefined;
  } else {
    // A receiver user filter on a group message, or an operand the emulator has no data for (tags): the filter does not hold.
    return false;
  }
  if (actual === undefined) return false;
  const value = f.value;
  const list = value.split(',').map((v) => v.trim());
  const a = String(actual);
  switch (f.operator) {
    case 'equals':
      return a === value;
    case 'notEquals':
      return a !== value;
    case 'in':
      return list.includes(a);
    case 'notIn':
      return !list.includes(a);
    case 'startsWith':
      return a.startsWith(value);
    case 'endsWith':
      return a.endsWith(value);
    case 'lessThan':
      return Number(actual) < Number(value);
    case 'greaterThan':
      return Number(actual) > Number(value);
    default:
      return false;
  }
}
