import { progressReporter } from '../../src/cli/progress.js';
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
