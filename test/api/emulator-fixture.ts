// Starts the emulator on 127.0.0.1:0 and builds clients against it, with fast retries so fault
// tests finish quickly, and an attempt log the tests count.
import { afterAll, beforeAll, beforeEach } from '@jest/globals';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../src/emulator/index.js';
import { createClient, type AttemptEvent, type ClientOptions, type CometChatClient } from '../../src/api/index.js';

export const FAST_RETRY = { minDelayMs: 1, maxDelayMs: 20, random: () => 0.5 };

export interface Fixture {
  emu: RunningEmulator;
  client(opts?: Partial<ClientOptions>): CometChatClient;
  attempts: AttemptEvent[];
  /** The requests the emulator logged with this method and exact path (query string excluded). */
  hits(method: string, path: string): RunningEmulator['requests'];
  close(): Promise<void>;
}

export async function startFixture(opts: EmulatorOptions = {}): Promise<Fixture> {
  const emu = await startEmulator({ port: 0, ...opts });
  const clients: CometChatClient[] = [];
  const attempts: AttemptEvent[] = [];
  return {
    emu,
    attempts,
    hits: (method, path) => emu.requests.filter((r) => r.method === method && r.path === path),
    client(extra = {}) {
      const c = createClient({
        apiKey: emu.apiKey,
        baseUrl: emu.chatBaseUrl,
        callsBaseUrl: emu.callsBaseUrl,
        retry: FAST_RETRY,
        onAttempt: (e) => attempts.push(e),
        ...extra,
      });
      clients.push(c);
      return c;
    },
    async close() {
      await Promise.all(clients.map((c) => c.close()));
      await emu.close();
    },
  };
}

/**
 * The hooks of a test file: one emulator for the whole file, its request log and the attempt log
 * emptied before each test. The returned fixture is filled in place once the emulator is up.
 */
export function fixturePerFile(opts: EmulatorOptions = {}): Fixture {
  const fx = {} as Fixture;
  beforeAll(async () => void Object.assign(fx, await startFixture(opts)));
  afterAll(() => fx.close());
  beforeEach(() => {
    fx.emu.clearRequests();
    fx.attempts.length = 0;
  });
  return fx;
}

export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** Runs `fn` and returns what it threw (failing the test when it does not throw). */
export async function thrown(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    await fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure, but the call succeeded');
}
