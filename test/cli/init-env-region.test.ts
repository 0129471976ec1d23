// Issue 28: `kwsync init` takes the app id from COMETCHAT_APP_ID and now the region from
// COMETCHAT_REGION with it, so the target it writes names the app the environment names (before,
// region was left out: the target said us, and the environment eu was then refused as a contradiction).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { kwsync } from '../helpers/cli.js';

const SHA = '0123456789abcdef0123456789abcdef01234567';

test('COMETCHAT_APP_ID and COMETCHAT_REGION both reach the target init writes; --region still wins', async () => {
  for (const [argv, region] of [[[], 'eu'], [['--region', 'in'], 'in']] as const) {
    const dir = mkdtempSync(join(tmpdir(), 'kwsync-init-env-'));
    try {
      const r = await kwsync(['init', '--ref', SHA, ...argv], { COMETCHAT_APP_ID: 'app123', COMETCHAT_REGION: 'eu' }, dir);
      expect(r.code).toBe(0);
      expect(parse(readFileSync(join(dir, 'keywords/kwsync.yaml'), 'utf8')).targets).toEqual([{ name: 'production', appId: 'app123', region }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
});
