// The write probe's promises: it asks first (or needs --yes), it refuses when the app is full, it
// deletes its list after a 5xx or an abort, and it never writes any list but its own.
import { createClient, createKeywordList, type CometChatClient } from '../../src/api/index.js';
import { runDoctorCommand, type DoctorTerminal } from '../../src/cli/commands/doctor.js';
import { runDoctor } from '../../src/doctor/index.js';
import { DEFAULT_CONFIG } from '../../src/model/config.js';
import { KwsyncError } from '../../src/errors.js';
import { captureIo } from '../helpers/cli.js';
import { finding, onlyProbeWrites, startDoctorHarness, type DoctorHarness } from './doctor-harness.js';
import { offContract } from '../contract/rules-requests.js';

let h: DoctorHarness | undefined;
let client: CometChatClient | undefined;
afterEach(async () => {
  await client?.close();
  await h?.close();
  h = undefined;
  client = undefined;
});

const connect = (h: DoctorHarness) =>
  createClient({ apiKey: h.emu.apiKey, baseUrl: h.emu.chatBaseUrl, callsBaseUrl: h.emu.callsBaseUrl, retry: { minDelayMs: 1, maxDelayMs: 5 } });

function fakeTerminal(opts: { interactive: boolean; answer?: boolean; interruptAtOnce?: boolean }) {
  const asked: string[] = [];
  const terminal: DoctorTerminal = {
    isInteractive: opts.interactive,
    ask: async (q) => {
      asked.push(q);
      return opts.answer === true;
    },
    onInterrupt: (handler) => {
      if (opts.interruptAtOnce) handler();
      return () => {};
    },
  };
  return { terminal, asked };
}

async function fillApp(h: DoctorHarness, n: number): Promise<void> {
  const c = connect(h);
  for (let i = 0; i < n; i += 1) {
    await createKeywordList(c, { id: `list-${i}`, name: `List ${i}`, description: '', category: 'word', searchTerms: [`w${i}`] });
  }
  await c.close();
  h.emu.clearRequests();
}

describe('confirmation', () => {
  it('no terminal and no --yes: refuses with 64 and says to pass --yes, before any request', async () => {
    h = await startDoctorHarness();
    const r = await h.doctor(['--write-probe']);
    expect(r.code).toBe(64);
    expect(r.stderr).toContain('pass --yes');
    expect(h.emu.requests).toEqual([]);
  });

  it('on a terminal it asks; "no" writes nothing and exits 1', async () => {
    h = await startDoctorHarness();
    const { terminal, asked } = fakeTerminal({ interactive: true, answer: false });
    const cap = captureIo(h.env, h.root);
    await expect(runDoctorCommand(cap.io, { writeProbe: true }, terminal)).rejects.toThrow(KwsyncError);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/create the temporary keyword lists (kwsync-probe-[0-9a-f]{10}), \1-word and \1-sentences on .*one at a time.*Continue\? \[y\/N\]/);
    expect(h.emu.requests).toEqual([]);
  });

  it('on a terminal, "yes" runs the probe with the id it named', async () => {
    h = await startDoctorHarness();
    const { terminal, asked } = fakeTerminal({ interactive: true, answer: true });
    const cap = captureIo(h.env, h.root);
    // The rules probe sends unpublished shapes on purpose (other spellings, value as an array).
    expect(await offContract(() => runDoctorCommand(cap.io, { writeProbe: true, format: 'json' }, terminal))).toBe(0);
    const id = JSON.parse(cap.stdout()).probeListId as string;
    expect(asked[0]).toContain(id);
    expect(onlyProbeWrites(h.writes(), id)).toBe(true);
  });
});

describe('a full app', () => {
  it('25 non-default lists (limits.maxLists): refuses the write probe, no write sent, exit 1', async () => {
    h = await startDoctorHarness();
    await fillApp(h, 25);
    const r = await h.doctorJson(['--write-probe', '--yes']);
    expect(r.code).toBe(1);
    expect(h.writes()).toEqual([]);
    expect(finding(r.report, 'list-capacity')).toMatchObject({ status: 'differs', needsAction: true });
    expect(finding(r.report, 'list-capacity')!.detail).toContain('holds 25 non-default lists');
  });

  it('limits.maxLists from kwsync.yaml is the bound', async () => {
    h = await startDoctorHarness({}, 'limits:\n  maxLists: 2\n');
    await fillApp(h, 2);
    const r = await h.doctorJson(['--write-probe', '--yes']);
    expect(r.code).toBe(1);
    expect(h.writes()).toEqual([]);
  });

  it('a cut-short listing: the count is unknown, and a refused create is reported as the limit', async () => {
    h = await startDoctorHarness({ keywordListLimit: 10 });
    await fillApp(h, 25);
    const before = await h.lists();
    const r = await h.doctorJson(['--write-probe', '--yes']);
    expect(r.code).toBe(1);
    expect(h.writes()).toEqual(['POST /v3/moderation/keywords']);
    const f = finding(r.report, 'list-capacity')!;
    expect(f).toMatchObject({ status: 'differs', needsAction: true });
    expect(f.detail).toContain('could not count the lists');
    expect(await h.lists()).toEqual(before);
  });
});

describe('cleanup', () => {
  it('a 503 on a PUT mid-probe: the probe stops, its list is still deleted, exit 1', async () => {
    h = await startDoctorHarness();
    h.emu.injectFaults({ type: '503', method: 'PUT', count: 1 });
    const before = await h.lists();
    const r = await h.doctorJson(['--write-probe', '--yes']);
    expect(r.code).toBe(1);
    const id = r.report.probeListId!;
    expect(h.writes()).toEqual(['POST /v3/moderation/keywords', `PUT /v3/moderation/keywords/${id}`, `DELETE /v3/moderation/keywords/${id}`]);
    expect(finding(r.report, 'write-probe')!.detail).toContain('HTTP 503');
    expect(finding(r.report, 'probe-cleanup')?.status).toBe('ok');
    expect(await h.lists()).toEqual(before);
  });

  it('the answer to the create is lost (the list was made): the probe stops and still deletes it', async () => {
    h = await startDoctorHarness();
    h.emu.injectFaults({ type: 'drop-after', method: 'POST', count: 1 });
    const before = await h.lists();
    const r = await h.doctorJson(['--write-probe', '--yes']);
    expect(r.code).toBe(1);
    const id = r.report.probeListId!;
    expect(h.writes()).toEqual(['POST /v3/moderation/keywords', `DELETE /v3/moderation/keywords/${id}`]);
    expect(finding(r.report, 'write-probe')!.detail).toContain('got no answer');
    expect(finding(r.report, 'probe-cleanup')?.status).toBe('ok');
    expect(await h.lists()).toEqual(before);
  });

  it('a 429 on the create that outlasts the retry policy: the probe stops, makes sure nothing is left, exit 1', async () => {
    h = await startDoctorHarness();
    // A single 429 is retried now (test/doctor/busy-retry.test.ts); five outlast the policy's attempts.
    h.emu.injectFaults({ type: '429', method: 'POST', count: 5, retryAfterSeconds: 0 });
    const before = await h.lists();
    const r = await h.doctorJson(['--write-probe', '--yes']);
    expect(r.code).toBe(1);
    expect(finding(r.report, 'write-probe')!.detail).toContain('HTTP 429');
    expect(finding(r.report, 'probe-cleanup')?.status).toBe('ok');
    expect(await h.lists()).toEqual(before);
  });

  it('a 503 on the DELETE: retried, and the list is gone', async () => {
    h = await startDoctorHarness();
    h.emu.injectFaults({ type: '503', method: 'DELETE', count: 1 });
    const before = await h.lists();
    client = connect(h);
    const { report } = await offContract(() => runDoctor(client!, { config: DEFAULT_CONFIG, target: 't', writeProbe: true }));
    expect(finding(report, 'probe-cleanup')?.status).toBe('ok');
    expect(finding(report, 'rule-probe-cleanup')?.status).toBe('ok');
    // The first list's DELETE twice (the 503, then the retry), then one per other kind (the rules probe's own list and rule aside).
    const id = report.probeListId!;
    expect(h.writes().filter((w) => w.startsWith('DELETE /v3/moderation/keywords/') && !w.endsWith('-rules'))).toEqual([id, id, `${id}-word`, `${id}-sentences`].map((x) => `DELETE /v3/moderation/keywords/${x}`));
    expect(await h.lists()).toEqual(before);
  });

  it('an abort mid-probe (the signal the CLI wires to Ctrl-C): stops, deletes the list, says interrupted', async () => {
    h = await startDoctorHarness();
    const before = await h.lists();
    client = connect(h);
    const controller = new AbortController();
    const steps: string[] = [];
    const { report, interrupted } = await runDoctor(client, {
      config: DEFAULT_CONFIG,
      target: 't',
      writeProbe: true,
      signal: controller.signal,
      onStep: (step) => {
        steps.push(step);
        if (step === 'GET searchTerms') controller.abort();
      },
    });
    expect(interrupted).toBe(true);
    const id = report.probeListId!;
    // No write after the abort but the delete.
    expect(h.writes()).toEqual(['POST /v3/moderation/keywords', `DELETE /v3/moderation/keywords/${id}`]);
    expect(steps).toEqual(['POST searchTerms', 'GET searchTerms', 'DELETE']);
    expect(finding(report, 'probe-cleanup')?.status).toBe('ok');
    expect(await h.lists()).toEqual(before);
  });

  it('an abort in the sentence probe: stops there, deletes the sentence list, the earlier lists are already gone', async () => {
    h = await startDoctorHarness();
    const before = await h.lists();
    client = connect(h);
    const controller = new AbortController();
    const { report, interrupted } = await runDoctor(client, {
      config: DEFAULT_CONFIG,
      target: 't',
      writeProbe: true,
      signal: controller.signal,
      onStep: (step) => {
        if (step === 'GET sentence-similarity sentences-repeated') controller.abort();
      },
    });
    expect(interrupted).toBe(true);
    const id = report.probeListId!;
    const writes = h.writes();
    expect(writes.slice(-2)).toEqual(['POST /v3/moderation/keywords', `DELETE /v3/moderation/keywords/${id}-sentences`]);
    expect(writes.filter((w) => w.startsWith('DELETE'))).toEqual([id, `${id}-word`, `${id}-sentences`].map((x) => `DELETE /v3/moderation/keywords/${x}`));
    expect(finding(report, 'probe-cleanup')?.status).toBe('ok');
    expect(await h.lists()).toEqual(before);
  });

  it('a 503 on the word list\'s create: the probe stops, the word list is still deleted, the sentence probe never runs', async () => {
    h = await startDoctorHarness();
    h.emu.injectFaults({ type: '503', method: 'POST', count: 1, skip: 1 });
    const before = await h.lists();
    const r = await h.doctorJson(['--write-probe', '--yes']);
    expect(r.code).toBe(1);
    const id = r.report.probeListId!;
    expect(h.writes().filter((w) => !w.startsWith('PUT'))).toEqual([
      'POST /v3/moderation/keywords',
      `DELETE /v3/moderation/keywords/${id}`,
      'POST /v3/moderation/keywords',
      `DELETE /v3/moderation/keywords/${id}-word`,
    ]);
    expect(finding(r.report, 'write-probe')!.detail).toContain('HTTP 503');
    expect(r.report.variants.some((v) => v.kind === 'sentence-similarity')).toBe(false);
    expect(await h.lists()).toEqual(before);
  });

  it('the CLI: Ctrl-C exits 130 and says what happened to the probe list', async () => {
    h = await startDoctorHarness();
    const { terminal } = fakeTerminal({ interactive: false, interruptAtOnce: true });
    const cap = captureIo(h.env, h.root);
    expect(await runDoctorCommand(cap.io, { writeProbe: true, yes: true }, terminal)).toBe(130);
    expect(cap.stderr()).toContain('interrupted');
    expect(h.writes()).toEqual([]);
  });
});
