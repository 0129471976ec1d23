// One emulator over real HTTP plus a temp repo with a keywords folder, per test.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { connectService, serviceSettingsFromEnv, type ConnectOptions } from '../../src/sync/service.js';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../src/emulator/index.js';
import type { KeywordList } from '../../src/model/keyword-list.js';
import type { KeywordTarget } from '../../src/model/target.js';
import type { CometChatClient } from '../../src/api/index.js';
import { kwsync } from '../helpers/cli.js';

export interface Harness {
  emulator: RunningEmulator;
  root: string;
  keywords: string;
  env: Record<string, string>;
  run(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }>;
  writeList(id: string, terms: string[], extra?: Partial<KeywordList>): Promise<void>;
  removeList(id: string): Promise<void>;
  /** A client-backed target, e.g. to edit the live app as another person would. */
  target(opts?: ConnectOptions): KeywordTarget;
  /** The app's service client (rules, blocked messages), as another person's tool would hold it. */
  client(opts?: ConnectOptions): CometChatClient;
  close(): Promise<void>;
}

export async function startHarness(emulatorOptions: EmulatorOptions = {}): Promise<Harness> {
  const emulator = await startEmulator({ ...emulatorOptions, port: 0 });
  const root = await mkdtemp(join(tmpdir(), 'kwsync-e2e-'));
  const keywords = join(root, 'keywords');
  await mkdir(keywords);
  const env = {
    COMETCHAT_APP_ID: emulator.appId,
    COMETCHAT_API_KEY: emulator.apiKey,
    COMETCHAT_BASE_URL: emulator.chatBaseUrl,
    COMETCHAT_CALLS_BASE_URL: emulator.callsBaseUrl,
  };
  return {
    emulator,
    root,
    keywords,
    env,
    run: (argv) => kwsync(argv, env, root),
    writeList: async (id, terms, extra = {}) => {
      const doc = { id, name: extra.name ?? `List ${id}`, category: extra.category ?? 'word', searchTerms: terms };
      await writeFile(join(keywords, `${id}.yaml`), stringify(doc), 'utf8');
    },
    removeList: (id) => rm(join(keywords, `${id}.yaml`)),
    target: (opts = {}) => connectService(serviceSettingsFromEnv(env), opts).keywords,
    client: (opts = {}) => connectService(serviceSettingsFromEnv(env), opts).client,
    close: async () => {
      await emulator.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

export const range = (n: number, prefix = 't') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

export async function liveTerms(h: Harness, id: string): Promise<string[] | undefined> {
  return (await h.target().getKeywordList(id))?.searchTerms;
}
