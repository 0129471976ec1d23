// `--write-probe`, rules: what the published description leaves open about rule writes, settled on
// the user's app with one temporary word list and one temporary rule (issue 39 item 9):
// - which spelling of the reference flag the app reads (a rule made with each, read back);
// - whether `value` may be a string (the request schema) and an array (the answers);
// - whether one condition may hold several list ids;
// - whether PUT replaces the rule or merges the fields sent into it;
// - which action strings the app accepts.
// The probe rule is always switched off (enabled: false), its only filter names a user no app has,
// and its term occurs in no message: it can never act. Rule and list are deleted whatever happens
// (a refusal, a 5xx, an abort), the rule first, and a GET must answer 404 for each.
import { keywordListForm, type CometChatClient, type ProbeResult } from '../api/index.js';
import { RULE_REFERENCE_FLAGS, type RuleReferenceFlag, type RuleValueForm } from '../model/config.js';
import type { Finding } from './report.js';
import { errorBodyShape } from './response-traits.js';

/** Action strings tried: the published ones, then those public QA code uses (not published). */
export const PROBED_ACTIONS = ['blockMessage', 'dropMessage', 'flagMessage', 'kick', 'ban', 'block', 'deactivate'] as const;
const PROBE_TERM = 'kwsync-probe-term-never-sent';
const NOBODY = 'kwsync-probe-no-such-user';

export interface RuleProbeOptions {
  /** The probe's base id (kwsync-probe-<random>); the rule is `<id>-rule`, the list `<id>-rules`. */
  id: string;
  current: { ruleReferenceFlag: RuleReferenceFlag; ruleValueForm: RuleValueForm };
  signal?: AbortSignal | undefined;
  onStep?: ((step: string) => void) | undefined;
}

export interface RuleProbeResult {
  findings: Finding[];
  recommended: { ruleReferenceFlag: RuleReferenceFlag; ruleValueForm: RuleValueForm };
  interrupted: boolean;
}

const RULES = '/moderation/rules';
const rulePath = (id: string) => `${RULES}/${encodeURIComponent(id)}`;
const listPath = (id: string) => `/moderation/keywords/${encodeURIComponent(id)}`;
const ok = (res: ProbeResult) => res.status >= 200 && res.status < 300;
const said = (res: ProbeResult) => {
  const { message } = errorBodyShape(res);
  return `HTTP ${res.status}${message ? `: ${message.replace(/[.\s]+$/, '').slice(0, 200)}` : ''}`;
};

class Stopped extends Error {}

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
function dataOf(res: ProbeResult): Json | undefined {
  return isRecord(res.json) && isRecord(res.json['data']) ? res.json['data'] : undefined;
}
function conditionOf(rule: Json | undefined): Json | undefined {
  const c = Array.isArray(rule?.['conditions']) ? (rule['conditions'] as unknown[])[0] : undefined;
  return isRecord(c) ? c : undefined;
}
function readsAsReference(c: Json | undefined): boolean {
  return c !== undefined && RULE_REFERENCE_FLAGS.some((f) => c[f] === true);
}
function valuesOf(c: Json | undefined): string[] {
  const v = c?.['value'];
  return typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

export async function runRuleProbe(client: CometChatClient, opts: RuleProbeOptions): Promise<RuleProbeResult> {
  const ruleId = `${opts.id}-rule`;
  const listId = `${opts.id}-rules`;
  const findings: Finding[] = [];
  let recommended = { ...opts.current };
  let ruleMayExist = false;
  let listMayExist = false;
  let interrupted = false;
  const step = (s: string) => {
    if (opts.signal?.aborted) {
      interrupted = true;
      throw new Stopped();
    }
    opts.onStep?.(`rules: ${s}`);
  };
  const send = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, json?: unknown): Promise<ProbeResult> => {
    step(`${method} ${path}`);
    return client.probe({ api: 'chat', method, path, ...(json !== undefined ? { json } : {}) });
  };
  const condition = (flag: RuleReferenceFlag, value: string | string[]) => ({
    id: 1,
    entity: 'message',
    operand: 'text',
    operator: 'contains',
    category: 'word',
    [flag]: true,
    isMediaPresent: false,
    value,
  });
  const body = (extra: Json = {}) => ({
    id: ruleId,
    name: 'kwsync doctor probe (switched off; deleted by doctor)',
    description: 'kwsync doctor --write-probe: never enabled',
    enabled: false,
    action: ['blockMessage'],
    filters: [{ type: 'sender', entity: 'user', operand: 'uid', operator: 'equals', value: NOBODY }],
    conditions: [condition(opts.current.ruleReferenceFlag, opts.current.ruleValueForm === 'string' ? listId : [listId])],
    ...extra,
  });
  const valueIn = (form: RuleValueForm, ids: string[]) => (form === 'string' ? ids[0]! : ids);
  const createRule = async (json: unknown): Promise<ProbeResult> => {
    ruleMayExist = true;
    const res = await send('POST', RULES, json);
    if (!ok(res)) ruleMayExist = (await send('GET', rulePath(ruleId))).status !== 404;
    return res;
  };
  const deleteRule = async () => {
    const res = await send('DELETE', rulePath(ruleId));
    if (ok(res) || res.status === 404) ruleMayExist = false;
  };
  const readRule = async () => dataOf(await send('GET', rulePath(ruleId)));

  try {
    // The rules API must answer, and the ids must be free.
    const listing = await send('GET', `${RULES}?limit=1`);
    if (!ok(listing)) {
      findings.push(unknown('rule-reference-flag', 'the rules probe', `GET ${RULES} answered ${said(listing)}; the rules probe was not run.`));
      return { findings, recommended, interrupted };
    }
    for (const path of [rulePath(ruleId), listPath(listId)]) {
      const free = await send('GET', path);
      if (free.status !== 404) {
        findings.push(unknown('rule-reference-flag', 'the rules probe', `A GET of ${path} answered HTTP ${free.status}, not 404, so the rules probe wrote nothing.`, 'run `kwsync doctor --write-probe` again (it picks a new random id)'));
        return { findings, recommended, interrupted };
      }
    }
    listMayExist = true;
    step(`POST /moderation/keywords (${listId})`);
    const list = await client.probe({ api: 'chat', method: 'POST', path: '/moderation/keywords', body: keywordListForm({ id: listId, name: 'kwsync doctor probe', description: 'kwsync doctor --write-probe', category: 'word', searchTerms: [PROBE_TERM] }, client.termsSettings) });
    if (!ok(list)) {
      listMayExist = (await send('GET', listPath(listId))).status !== 404;
      findings.push(unknown('rule-reference-flag', 'the rules probe', `The probe list for the rules probe was refused (${said(list)}); no rule was written.`));
      return { findings, recommended, interrupted };
    }

    // 1. The reference flag: a rule made with each spelling (the current one first), read back.
    const spellings = [opts.current.ruleReferenceFlag, ...RULE_REFERENCE_FLAGS.filter((f) => f !== opts.current.ruleReferenceFlag)];
    const read: { flag: RuleReferenceFlag; status: number; reference: boolean; error?: string }[] = [];
    let valueFormsTaken: Partial<Record<RuleValueForm, boolean>> = {};
    for (const flag of spellings) {
      const res = await createRule(body({ conditions: [condition(flag, valueIn(opts.current.ruleValueForm, [listId]))] }));
      if (!ok(res)) {
        read.push({ flag, status: res.status, reference: false, error: said(res) });
        if (flag === spellings[0]) valueFormsTaken[opts.current.ruleValueForm] = false;
        continue;
      }
      if (flag === spellings[0]) valueFormsTaken[opts.current.ruleValueForm] = true;
      read.push({ flag, status: res.status, reference: readsAsReference(conditionOf(await readRule())) });
      await deleteRule();
    }
    const readFlags = read.filter((r) => r.reference).map((r) => r.flag);
    if (readFlags.includes(opts.current.ruleReferenceFlag)) {
      findings.push(okFinding('rule-reference-flag', 'the reference flag of a rule condition', `A rule sent with ${opts.current.ruleReferenceFlag}: true read back as a list reference. Spellings read: ${readFlags.join(', ')}.`, readFlags.join(', ')));
    } else if (readFlags.length > 0) {
      recommended = { ...recommended, ruleReferenceFlag: readFlags[0]! };
      findings.push({
        id: 'rule-reference-flag',
        status: 'differs',
        title: 'the reference flag of a rule condition',
        detail: `A rule sent with ${opts.current.ruleReferenceFlag}: true ${describeRead(read, opts.current.ruleReferenceFlag)}; with ${readFlags[0]} it read back as a list reference. With the current setting, a rule's list condition would match the list id as a literal word.`,
        needsAction: true,
        hint: `set service.ruleReferenceFlag: ${readFlags[0]}`,
        observed: `read: ${readFlags.join(', ')}`,
        fix: `service.ruleReferenceFlag: ${readFlags[0]}`,
      });
    } else {
      findings.push({
        id: 'rule-reference-flag',
        status: 'differs',
        title: 'the reference flag of a rule condition',
        detail: `No spelling read back as a list reference: ${read.map((r) => `${r.flag} ${r.reference ? 'read' : r.error ?? 'not read'}`).join('; ')}.`,
        needsAction: true,
        hint: 'report this to the kwsync maintainers with the output of `kwsync doctor --write-probe --format json`',
      });
    }
    const flag = recommended.ruleReferenceFlag;

    // 2. The value form and several lists in one condition, on a rule made afresh.
    const otherForm: RuleValueForm = opts.current.ruleValueForm === 'string' ? 'array' : 'string';
    const made = await createRule(body({ conditions: [condition(flag, valueIn(otherForm, [listId]))] }));
    valueFormsTaken[otherForm] = ok(made);
    if (!ok(made)) {
      const again = await createRule(body({ conditions: [condition(flag, valueIn(opts.current.ruleValueForm, [listId]))] }));
      if (!ok(again)) throw new Stopped(`the probe rule could not be made again (${said(again)})`);
    }
    findings.push(valueFormFinding(opts.current.ruleValueForm, valueFormsTaken));
    if (valueFormsTaken[opts.current.ruleValueForm] === false && valueFormsTaken[otherForm] === true) recommended = { ...recommended, ruleValueForm: otherForm };

    const two = [listId, 'profanity-list'];
    const multi = await send('PUT', rulePath(ruleId), body({ conditions: [condition(flag, two)] }));
    const multiValues = ok(multi) ? valuesOf(conditionOf(await readRule())) : [];
    const multiKept = two.every((v) => multiValues.includes(v));
    findings.push({
      id: 'rule-multi-list',
      status: 'ok',
      title: 'several lists in one condition',
      detail: ok(multi)
        ? multiKept
          ? 'A condition holding two list ids (as an array) was accepted and read back with both: a condition may reference several lists (kwsync writes one condition per list unless service.ruleValueForm is array).'
          : `A condition holding two list ids was accepted but read back as ${JSON.stringify(multiValues)}: write one condition per list.`
        : `A condition holding two list ids was refused (${said(multi)}): write one condition per list (kwsync's default, service.ruleValueForm: string).`,
      needsAction: false,
      observed: ok(multi) ? (multiKept ? 'several lists kept' : 'accepted, not kept') : 'refused',
    });

    // 3. PUT replace or merge: a PUT leaving out description and filters (never `enabled`: the
    // rule stays off whichever way the app reads it).
    const full = await send('PUT', rulePath(ruleId), body({ conditions: [condition(flag, valueIn(recommended.ruleValueForm, [listId]))] }));
    if (ok(full)) {
      const { description: _d, filters: _f, ...partial } = body({ conditions: [condition(flag, valueIn(recommended.ruleValueForm, [listId]))] });
      const res = await send('PUT', rulePath(ruleId), partial);
      const after = ok(res) ? await readRule() : undefined;
      findings.push(updateFinding(res, after));
      // Whatever the PUT did, the rule is switched off again with its filter before anything else.
      if (after?.['enabled'] !== false || !Array.isArray(after?.['filters'])) await send('PUT', rulePath(ruleId), body({ conditions: [condition(flag, valueIn(recommended.ruleValueForm, [listId]))] }));
    }

    // 4. Action strings, each on the switched-off rule.
    const accepted: string[] = [];
    const refused: string[] = [];
    for (const action of PROBED_ACTIONS) {
      const res = await send('PUT', rulePath(ruleId), body({ action: [action], conditions: [condition(flag, valueIn(recommended.ruleValueForm, [listId]))] }));
      const back = ok(res) ? dataOf(res) : undefined;
      const kept = Array.isArray(back?.['action']) && (back['action'] as unknown[]).includes(action);
      (ok(res) && kept ? accepted : refused).push(ok(res) && !kept ? `${action} (accepted, not kept)` : ok(res) ? action : `${action} (${said(res)})`);
    }
    findings.push({
      id: 'rule-actions',
      status: accepted.includes('blockMessage') ? 'ok' : 'differs',
      title: 'the action strings the app accepts',
      detail: `Accepted: ${accepted.join(', ') || 'none'}. Refused: ${refused.join('; ') || 'none'}. Only blockMessage and dropMessage are published; a rule file's action must be one the app accepts.`,
      needsAction: !accepted.includes('blockMessage'),
      observed: `accepted: ${accepted.join(', ')}`,
      ...(accepted.includes('blockMessage') ? {} : { hint: 'the app refused blockMessage, the published action: report this to the kwsync maintainers' }),
    });
  } catch (err) {
    if (!(err instanceof Stopped)) throw err;
    if (err.message) findings.push(unknown('rule-update', 'the rules probe', `The rules probe stopped: ${err.message}.`));
  } finally {
    findings.push(await cleanUp(client, { ruleId, listId, ruleMayExist, listMayExist }));
  }
  return { findings, recommended, interrupted };
}

function describeRead(read: { flag: RuleReferenceFlag; reference: boolean; error?: string }[], flag: RuleReferenceFlag): string {
  const r = read.find((x) => x.flag === flag);
  return r?.error ? `was refused (${r.error})` : 'read back as no reference (the value would be a literal word)';
}

function valueFormFinding(current: RuleValueForm, taken: Partial<Record<RuleValueForm, boolean>>): Finding {
  const title = "a condition's value: string or array";
  const show = (f: RuleValueForm) => (taken[f] === undefined ? 'not tried' : taken[f] ? 'accepted' : 'refused');
  const detail = `value as a string (the published request schema): ${show('string')}; as an array (as answers show it): ${show('array')}.`;
  if (taken[current] !== false) return okFinding('rule-value-form', title, `${detail} kwsync sends it as ${current === 'string' ? 'a string' : 'an array'} (service.ruleValueForm: ${current}).`, `string ${show('string')}, array ${show('array')}`);
  const other: RuleValueForm = current === 'string' ? 'array' : 'string';
  if (taken[other]) {
    return { id: 'rule-value-form', status: 'differs', title, detail, needsAction: true, hint: `set service.ruleValueForm: ${other}`, fix: `service.ruleValueForm: ${other}`, observed: `string ${show('string')}, array ${show('array')}` };
  }
  return { id: 'rule-value-form', status: 'differs', title, detail: `${detail} Neither form was accepted.`, needsAction: true, hint: 'report this to the kwsync maintainers with the output of `kwsync doctor --write-probe --format json`' };
}

function updateFinding(res: ProbeResult, after: Json | undefined): Finding {
  const title = 'a rule update: replace or merge';
  if (!ok(res)) {
    return okFinding('rule-update', title, `A PUT leaving out description and filters was refused (${said(res)}): the app wants the whole rule, which is what kwsync sends.`, 'whole body required');
  }
  const kept = after?.['description'] === 'kwsync doctor --write-probe: never enabled';
  return okFinding(
    'rule-update',
    title,
    kept
      ? 'A PUT leaving out description and filters kept them: the app merges an update into the rule. kwsync always sends the whole rule, so both readings give the rule the file says.'
      : 'A PUT leaving out description and filters reset them: the app replaces the rule with the body. kwsync always sends the whole rule.',
    kept ? 'merge' : 'replace',
  );
}

function okFinding(id: Finding['id'], title: string, detail: string, observed: string): Finding {
  return { id, status: 'ok', title, detail, needsAction: false, observed };
}

function unknown(id: Finding['id'], title: string, detail: string, hint?: string): Finding {
  return { id, status: 'unknown', title, detail, needsAction: hint !== undefined, ...(hint !== undefined ? { hint } : {}) };
}

/** Deletes the probe rule, then the probe list, and proves each gone (GET 404), or says what may remain. */
async function cleanUp(client: CometChatClient, s: { ruleId: string; listId: string; ruleMayExist: boolean; listMayExist: boolean }): Promise<Finding> {
  const title = 'the rules probe was cleaned up';
  const left: string[] = [];
  for (const [kind, may, path] of [
    ['rule', s.ruleMayExist, rulePath(s.ruleId)],
    ['list', s.listMayExist, listPath(s.listId)],
  ] as const) {
    if (!may) continue;
    try {
      let gone = false;
      for (let attempt = 0; attempt < 3 && !gone; attempt++) {
        const del = await client.probe({ api: 'chat', method: 'DELETE', path });
        const check = await client.probe({ api: 'chat', method: 'GET', path });
        gone = check.status === 404;
        if (!gone && del.status >= 400 && del.status < 500 && del.status !== 429) break;
      }
      if (!gone) left.push(`${kind} ${path}`);
    } catch (err) {
      left.push(`${kind} ${path} (${err instanceof Error ? err.message : String(err)})`);
    }
  }
  if (left.length === 0) {
    return { id: 'rule-probe-cleanup', status: 'ok', title, detail: `Deleted the probe rule ${s.ruleId} and the probe list ${s.listId}; a GET of each answers 404.`, needsAction: false };
  }
  return {
    id: 'rule-probe-cleanup',
    status: 'differs',
    title,
    detail: `May remain: ${left.join('; ')}. The rule is switched off and its filter names no user, so it acts on nothing.`,
    needsAction: true,
    hint: `delete the rule ${s.ruleId} (first) and the list ${s.listId} in the CometChat dashboard`,
  };
}
