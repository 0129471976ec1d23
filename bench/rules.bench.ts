// Plan and apply with rules (issue 39 item 11): 25 lists and 25 rules (the service's limits), every
// rule created, then every rule's action changed, through the use cases (planTarget, applyTarget)
// against the emulator with 20 ms of latency per request. The figures are what a rule costs in
// requests, which timing on a shared machine cannot blur: one listing of rules per plan, and per
// rule written the re-read before, the write and the re-read after. `status`'s read of blocked
// messages is bounded (src/status/rule-activity.ts: at most 10 pages, 1,000 items); its request
// count is the third figure.
import { startEmulator } from '../src/emulator/index.js';
import { connectService, serviceSettingsFromEnv } from '../src/sync/service.js';
import { planTarget } from '../src/sync/plan.js';
import { applyTarget } from '../src/sync/apply.js';
import { DEFAULT_CONFIG } from '../src/model/config.js';
import type { DesiredList } from '../src/model/keyword-list.js';
import type { DesiredRule } from '../src/model/moderation-rule.js';
import { readRuleActivity } from '../src/status/rule-activity.js';
import type { Figure } from './check.js';

const N = 25;
const LATENCY_MS = 20;

const lists: DesiredList[] = Array.from({ length: N }, (_, i) => ({ id: `l${i}`, name: `L${i}`, description: '', category: 'word', searchTerms: [`w${i}a`, `w${i}b`], source: { file: `keywords/l${i}.yaml` } }));
const rules = (action: string): DesiredRule[] => Array.from({ length: N }, (_, i) => ({ id: `r${i}`, name: `R${i}`, description: '', enabled: true, action: [action], conditions: [{ list: `l${i}` }], filters: [], source: { file: `keywords/rules/r${i}.yaml` } }));

async function measure(): Promise<{ figures: Figure[]; line: string }> {
  const emulator = await startEmulator({ port: 0, rateLimitPerMinute: 1_000_000 });
  try {
    const env = { COMETCHAT_API_KEY: emulator.apiKey, COMETCHAT_APP_ID: emulator.appId, COMETCHAT_BASE_URL: emulator.chatBaseUrl };
    const { keywords, rules: ruleTarget, client } = connectService(serviceSettingsFromEnv(env));
    emulator.setFaults({ latencyMs: LATENCY_MS });
    const round = async (action: string) => {
      emulator.clearRequests();
      const t0 = performance.now();
      const { plan } = await planTarget({ lists, keywords, options: { target: 'bench', prune: false, safety: DEFAULT_CONFIG.safety }, rules: { target: ruleTarget, desired: rules(action) } });
      const report = await applyTarget({ plan, keywords, rules: ruleTarget, config: DEFAULT_CONFIG, force: false });
      const ms = performance.now() - t0;
      const notApplied = (report.rules ?? []).filter((r) => r.outcome !== 'applied').length;
      if (notApplied > 0) throw new Error(`rules bench: ${notApplied} rules not applied`);
      const ruleRequests = emulator.requests.filter((q) => q.path.includes('/moderation/rules'));
      const listings = ruleRequests.filter((q) => q.method === 'GET' && /\/moderation\/rules$/.test(q.path)).length;
      return { ms, perRule: (ruleRequests.length - listings) / N, listings, all: emulator.requests.length };
    };
    const created = await round('blockMessage');
    const updated = await round('dropMessage');
    emulator.clearRequests();
    await readRuleActivity(client, undefined);
    const statusRequests = emulator.requests.length;
    const line =
      `${N} lists and ${N} rules, ${LATENCY_MS} ms latency: create ${created.ms.toFixed(0)} ms (${created.all} requests, ${created.listings} rules listing), ` +
      `update every rule's action ${updated.ms.toFixed(0)} ms (${updated.all} requests, ${updated.listings} rules listing); rule requests per rule written: ${updated.perRule.toFixed(2)}; status's rules read: ${statusRequests} requests`;
    return {
      line,
      figures: [
        { id: 'rules-listings-per-plan', value: Math.max(created.listings, updated.listings), unit: 'requests', line },
        { id: 'rules-requests-per-rule', value: Math.max(created.perRule, updated.perRule), unit: 'requests', line },
        { id: 'rules-status-requests', value: statusRequests, unit: 'requests', line },
      ],
    };
  } finally {
    await emulator.close();
  }
}

export async function check(): Promise<Figure[]> {
  return (await measure()).figures;
}

export default async function bench(): Promise<void> {
  const { line } = await measure();
  console.log(line);
}
