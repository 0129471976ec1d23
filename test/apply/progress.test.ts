import { applyProgress, ciWait, progressReporter } from '../../src/cli/progress.js';
import { useColor } from '../../src/cli/target.js';

test('progress goes to a terminal only, one rewritten line, ending with a newline', () => {
  const written: string[] = [];
  expect(progressReporter({ stderr: { write: (s: string) => written.push(s) } })).toBeUndefined();
  expect(progressReporter({ stderr: { write: (s: string) => written.push(s), isTTY: true }, quiet: true })).toBeUndefined();
  const report = progressReporter({ stderr: { write: (s: string) => written.push(s), isTTY: true } })!;
  report(1, 2, { id: 'a', outcome: 'applied' });
  report(2, 2, { id: 'b', outcome: 'failed' });
  expect(written.join('')).toBe('\r\u001b[2K[1/2] applied a\r\u001b[2K[2/2] failed b\n');
});

test('colour only on a terminal and never with NO_COLOR', () => {
  expect(useColor({ write: () => 0, isTTY: true }, {})).toBe(true);
  expect(useColor({ write: () => 0, isTTY: true }, { NO_COLOR: '1' })).toBe(false);
  expect(useColor({ write: () => 0 }, {})).toBe(false);
});

// CI logs (not a terminal): a start line once the writing has lasted a second, and one end line with
// the count and the time; shorter runs and --quiet print nothing. A terminal keeps the status line.
describe('applyProgress', () => {
  const sink = (isTTY: boolean) => {
    const out: string[] = [];
    return { out, stderr: { write: (s: string) => void out.push(s), isTTY } };
  };
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('in CI: a start and an end line with the lists done and the time', async () => {
    const s = sink(false);
    const p = applyProgress({ stderr: s.stderr });
    p.onProgress!(1, 3, { id: 'a', outcome: 'applied' });
    await pause(1150);
    p.onProgress!(2, 3, { id: 'b', outcome: 'failed' });
    p.end();
    p.end();
    const lines = s.out.join('').split('\n').filter(Boolean);
    expect(lines).toEqual(['kwsync: Writing the lists...', expect.stringMatching(/^kwsync: Writing the lists: 2 of 3 lists done after 1\.\d s$/)]);
  });

  it('in CI: under a second, and with --quiet, nothing', async () => {
    const s = sink(false);
    const p = applyProgress({ stderr: s.stderr });
    p.onProgress!(1, 1, { id: 'a', outcome: 'applied' });
    p.end();
    const q = applyProgress({ stderr: s.stderr, quiet: true });
    await pause(1150);
    q.end();
    expect(s.out).toEqual([]);
  });

  it('on a terminal: the [done/total] status line, no CI lines', async () => {
    const s = sink(true);
    const p = applyProgress({ stderr: s.stderr });
    await pause(1150);
    p.onProgress!(1, 1, { id: 'a', outcome: 'applied' });
    p.end();
    expect(s.out.join('')).toBe('\r\u001b[2K[1/1] applied a\n');
  });
});

describe('ciWait (preview\'s reading of messages)', () => {
  it('in CI after a second a start and an end line; on a terminal nothing (the caller\'s status line shows it)', async () => {
    const out: string[] = [];
    const ci = ciWait({ stderr: { write: (s: string) => void out.push(s) } }, 'Reading messages of support');
    const tty = ciWait({ stderr: { write: (s: string) => void out.push(`TTY${s}`), isTTY: true } }, 'Reading messages of support');
    await new Promise((r) => setTimeout(r, 1150));
    ci.end('300 messages');
    tty.end('300 messages');
    expect(out.join('').split('\n').filter(Boolean)).toEqual(['kwsync: Reading messages of support...', expect.stringMatching(/^kwsync: Reading messages of support: 300 messages after 1\.\d s$/)]);
  });
});
