// Starts the emulator on 127.0.0.1:0 and builds clients against it, with fast retries so fault
// tests finish quickly, and an attempt log the tests count.
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../src/emulator/index.js';
import { createClient, type AttemptEvent, type ClientOptions, type CometChatClient } from '../../src/api/index.js';

export const FAST_RETRY = { minDelayMs: 1, maxDelayMs: 20, random: () => 0.5 };

export interface Fixture {
  emu: RunningEmulator;
  client(opts?: Partial<ClientOptions>): CometChatClient;
  attempts: AttemptEvent[];
  close(): Promise<void>;
}

export async function startFixture(opts: EmulatorOptions = {}): Promise<Fixture> {
  const emu = await startEmulator({ port: 0, ...opts });
  const clients: CometChatClient[] = [];
  const attempts: AttemptEvent[] = [];
  return {
    emu,
    attempts,
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
