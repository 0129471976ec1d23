// `kwsync doctor --write-probe` settles how the app reads a rule, against the emulator in each of
// its modes: the reference flag spelling, value as string or array, several lists per condition,
// PUT replace or merge, the action strings; with a switched-off probe rule and list, both deleted.
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../src/emulator/index.js';
import { createClient } from '../../src/api/index.js';
import { runDoctor, type DoctorReport } from '../../src/doctor/index.js';
import { DEFAULT_CONFIG } from '../../src/model/config.js';
import { runRuleProbe } from '../../src/doctor/rule-probe.js';
import { offContract } from '../contract/rules-requests.js';
import { onlyProbeWrites } from './doctor-harness.js';

const SMALL = {
  users: [{ uid: 'u1', name: 'U' }],
  groups: [{ guid: 'g1', name: 'G' }],
  keywordLists: [{ id: 'profanity-list', name: 'Profane Words', category: 'word' as const, searchTerms: ['damn'], default: true }],
};

async function withEmulator<T>(mode: EmulatorOptions, body: (emu: RunningEmulator) => Promise<T>): Promise<T> {
  const emu = await startEmulator({ port: 0, data: SMALL, ...mode });
  try {
    return await body(emu);
  } finally {
    await emu.close();
  }
}

const finding = (r: { findings: DoctorReport['findings'] }, id: string) => r.findings.find((f) => f.id === id);
const rulesOn = async (emu: RunningEmulator) =>
  ((await (await fetch(`${emu.chatBaseUrl}/moderation/rules?limit=100`, { headers: { apikey: emu.apiKey } })).json()) as { data: { id: string }[] }).data.map((r) => r.id).sort();
const listsOn = async (emu: RunningEmulator) =>
  ((await (await fetch(`${emu.chatBaseUrl}/moderation/keywords`, { headers: { apikey: emu.apiKey } })).json()) as { data: { id: string }[] }).data.map((r) => r.id).sort();

test('the default emulator: the published spelling read, both value forms and several lists taken, replace, every action; nothing left', async () => {
  await withEmulator({}, async (emu) => {
    const before = [await rulesOn(emu), await listsOn(emu)];
    const client = createClient({ apiKey: emu.apiKey, baseUrl: emu.chatBaseUrl, callsBaseUrl: emu.callsBaseUrl });
    try {
      const { report } = await offContract(() => runDoctor(client, { config: DEFAULT_CONFIG, target: 't', writeProbe: true }));
      expect(finding(report, 'rule-reference-flag')).toMatchObject({ status: 'ok', observed: 'isKeywordReferencePresent, isKeywordsReferencePresent, isListReferencePresent' });
      expect(finding(report, 'rule-value-form')).toMatchObject({ status: 'ok', observed: 'string accepted, array accepted' });
      expect(finding(report, 'rule-multi-list')).toMatchObject({ status: 'ok', observed: 'several lists kept' });
      expect(finding(report, 'rule-update')).toMatchObject({ status: 'ok', observed: 'replace' });
      expect(finding(report, 'rule-actions')).toMatchObject({ status: 'ok', observed: 'accepted: blockMessage, dropMessage, flagMessage, kick, ban, block, deactivate' });
      expect(finding(report, 'rule-probe-cleanup')).toMatchObject({ status: 'ok' });
      expect(report.changes.filter((c) => c.setting.startsWith('rule'))).toEqual([]);
      expect(report.recommended).toMatchObject({ ruleReferenceFlag: 'isKeywordReferencePresent', ruleValueForm: 'string' });
      const writes = emu.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);
      expect(onlyProbeWrites(writes, report.probeListId!)).toBe(true);
      expect(writes).toContain(`DELETE /v3/moderation/rules/${report.probeListId}-rule`);
      expect(writes.indexOf(`DELETE /v3/moderation/keywords/${report.probeListId}-rules`)).toBeGreaterThan(writes.lastIndexOf(`DELETE /v3/moderation/rules/${report.probeListId}-rule`));
    } finally {
      await client.close();
    }
    expect([await rulesOn(emu), await listsOn(emu)]).toEqual(before);
  });
});

test('an app that reads only the answers’ spelling, merges updates, takes one list per condition and two actions: doctor says so and recommends the spelling', async () => {
  await withEmulator({ rulePut: 'merge', ruleReferenceFlags: ['isKeywordsReferencePresent'], multiListConditions: false, ruleActions: ['blockMessage', 'dropMessage'] }, async (emu) => {
    const client = createClient({ apiKey: emu.apiKey, baseUrl: emu.chatBaseUrl, callsBaseUrl: emu.callsBaseUrl });
    try {
      const { report } = await offContract(() => runDoctor(client, { config: DEFAULT_CONFIG, target: 't', writeProbe: true }));
      expect(finding(report, 'rule-reference-flag')).toMatchObject({ status: 'differs', needsAction: true, hint: 'set service.ruleReferenceFlag: isKeywordsReferencePresent' });
      expect(finding(report, 'rule-reference-flag')!.detail).toContain('read back as no reference');
      expect(finding(report, 'rule-multi-list')).toMatchObject({ status: 'ok', observed: 'refused' });
      expect(finding(report, 'rule-update')).toMatchObject({ observed: 'merge' });
      expect(finding(report, 'rule-actions')!.observed).toBe('accepted: blockMessage, dropMessage');
      expect(finding(report, 'rule-actions')!.detail).toContain('flagMessage (HTTP 400');
      expect(report.changes.map((c) => [c.setting, c.from, c.to])).toEqual([['ruleReferenceFlag', 'isKeywordReferencePresent', 'isKeywordsReferencePresent']]);
      expect(report.ok).toBe(false);
      expect(finding(report, 'rule-probe-cleanup')).toMatchObject({ status: 'ok' });
    } finally {
      await client.close();
    }
    expect(await rulesOn(emu)).not.toContain(expect.stringMatching(/^kwsync-probe/));
  });
});

test('the probe rule is never switched on, whatever the app does with a PUT that leaves fields out', async () => {
  for (const rulePut of ['replace', 'merge'] as const) {
    await withEmulator({ rulePut }, async (emu) => {
      const seen: boolean[] = [];
      const client = createClient({ apiKey: emu.apiKey, baseUrl: emu.chatBaseUrl });
      try {
        await offContract(() =>
          runRuleProbe(client, {
            id: 'kwsync-probe-0000000001',
            current: { ruleReferenceFlag: 'isKeywordReferencePresent', ruleValueForm: 'string' },
            onStep: () => {
              // Read the rule's state between steps, straight from the emulator.
              void fetch(`${emu.chatBaseUrl}/moderation/rules/kwsync-probe-0000000001-rule`, { headers: { apikey: emu.apiKey } })
                .then((r) => r.json())
                .then((j: any) => j.data && seen.push(j.data.enabled));
            },
          }),
        );
      } finally {
        await client.close();
      }
      await new Promise((r) => setTimeout(r, 50));
      expect([rulePut, seen.length > 0, seen.includes(true)]).toEqual([rulePut, true, false]);
    });
  }
});

test('an abort during the rules probe: it stops, deletes the rule then the list, and says interrupted', async () => {
  await withEmulator({}, async (emu) => {
    const controller = new AbortController();
    const client = createClient({ apiKey: emu.apiKey, baseUrl: emu.chatBaseUrl });
    try {
      const result = await offContract(() =>
        runRuleProbe(client, {
          id: 'kwsync-probe-0000000002',
          current: { ruleReferenceFlag: 'isKeywordReferencePresent', ruleValueForm: 'string' },
          signal: controller.signal,
          onStep: (s) => {
            if (s.startsWith('rules: PUT')) controller.abort();
          },
        }),
      );
      expect(result.interrupted).toBe(true);
      expect(finding(result, 'rule-probe-cleanup')).toMatchObject({ status: 'ok' });
    } finally {
      await client.close();
    }
    expect(await rulesOn(emu)).not.toContain('kwsync-probe-0000000002-rule');
    expect(await listsOn(emu)).not.toContain('kwsync-probe-0000000002-rules');
  });
});
