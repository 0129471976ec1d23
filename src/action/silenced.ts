// What a pull request silences among the look-alike checks (issue 37 item 3): `accept:` that a list
// file gains for term-confusable, term-look-alike, term-mixed-script or term-invisible-char, and a
// level of those rules that kwsync.yaml lowers. `accept:` is the list's owner's word and takes
// effect in this very plan (the findings disappear), so the reviewer must see it: one CAUTION line
// naming each list and rule. Read from the validated lists' files on disk (the head's folder and
// the base commit's copy), after validation, so only files that passed its bounds are parsed again.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { mdCode } from '../render/markdown-escape.js';
import type { Guard } from './guard.js';

/** The rules that keep a swapped letter or a hidden character visible in review. */
export const LOOK_ALIKE_RULES = ['term-confusable', 'term-look-alike', 'term-mixed-script', 'term-invisible-char'] as const;

async function acceptedIn(root: string | undefined, file: string): Promise<Set<string>> {
  if (!root) return new Set();
  const text = await readFile(join(root, file), 'utf8').catch(() => undefined);
  if (text === undefined) return new Set();
  try {
    const doc = parse(text, { maxAliasCount: 100 }) as { accept?: unknown } | null;
    const accept = doc && typeof doc === 'object' && doc.accept && typeof doc.accept === 'object' ? Object.keys(doc.accept) : [];
    return new Set(accept.filter((r) => (LOOK_ALIKE_RULES as readonly string[]).includes(r)));
  } catch {
    return new Set();
  }
}

/**
 * `list \`x\` (\`keywords/x.yaml\`) accepts \`term-confusable\`` for each look-alike rule a list
 * accepts at the head and not at the base (a new list included), and `validate.rules.term-confusable
 * warning → off` for each such rule whose level the change lowers. Escaped: ids and paths come from the PR.
 */
export async function silencedLookAlikes(opts: { headRoot: string; baseRoot: string | undefined; lists: readonly { id: string; source: { file: string } }[]; base: Guard['validate']; head: Guard['validate'] }): Promise<string[]> {
  const out: string[] = [];
  const accepted = await newlyAccepted(opts);
  for (const l of opts.lists) for (const rule of accepted.get(l.source.file) ?? []) out.push(`list ${mdCode(l.id)} (${mdCode(l.source.file)}) accepts ${mdCode(rule)}`);
  const rank = (level: string | undefined) => ({ off: 0, warning: 1, error: 2 })[level ?? ''] ?? 1.5;
  for (const rule of LOOK_ALIKE_RULES) {
    const [a, b] = [opts.base.rules[rule], opts.head.rules[rule]];
    if (a !== b && rank(b) < rank(a)) out.push(`kwsync.yaml lowers ${mdCode(`validate.rules.${rule}`)} ${mdCode(a ?? 'default')} → ${mdCode(b ?? 'default')}`);
  }
  return out;
}

/** Per list file, the look-alike rules its `accept:` gains at the head (none at the base, or a new list). */
export async function newlyAccepted(opts: { headRoot: string; baseRoot: string | undefined; lists: readonly { source: { file: string } }[] }): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const l of opts.lists) {
    const [head, base] = await Promise.all([acceptedIn(opts.headRoot, l.source.file), acceptedIn(opts.baseRoot, l.source.file)]);
    const rules = LOOK_ALIKE_RULES.filter((rule) => head.has(rule) && !base.has(rule));
    if (rules.length > 0) out.set(l.source.file, rules);
  }
  return out;
}

/** The CAUTION block, or '' when the change silences nothing. */
export function silencedCaution(lines: readonly string[]): string {
  if (lines.length === 0) return '';
  return `> [!CAUTION]\n> **This change silences look-alike checks**: ${lines.join('; ')}. A swapped letter (\`sсam\` with a Cyrillic с) or a hidden character in these lists is no longer reported as a problem; the plan still prints each changed term with its escapes.`;
}
