// A target's baseUrl, checked offline (`kwsync validate`): the schema already refuses a scheme other
// than http(s) and plain http to anything but this machine; here, a path that does not end in /v3,
// which every published base has (https://<app>.api-<region>.cometchat.io/v3) and the emulator's
// too. A warning, not an error: a proxy may map another path onto the service.
import type { TargetConfig } from '../model/config.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { diagnose } from '../load/diagnose.js';
import type { ConfigPlaces } from './config-places.js';

export const BASE_URL_RULE = 'target-base-url-path';

/** Whether a Chat API base ends in /v3 (a trailing slash allowed); undefined when it does not parse. */
export function endsInV3(url: string): boolean | undefined {
  try {
    return new URL(url).pathname.replace(/\/+$/, '').endsWith('/v3');
  } catch {
    return undefined;
  }
}

export function checkTargetBaseUrls(targets: readonly Pick<TargetConfig, 'name' | 'baseUrl'>[], at: ConfigPlaces): Diagnostic[] {
  const out: Diagnostic[] = [];
  targets.forEach((t, i) => {
    if (t.baseUrl === undefined || endsInV3(t.baseUrl) !== false) return;
    out.push(
      diagnose(
        at.value(['targets', i, 'baseUrl']),
        'warning',
        BASE_URL_RULE,
        `target ${t.name}: baseUrl ${JSON.stringify(t.baseUrl)} does not end in /v3, as the Chat API base does (e.g. https://<app>.api-us.cometchat.io/v3, or the emulator's http://127.0.0.1:8787/apps/<app>/v3); requests would go to ${t.baseUrl.replace(/\/+$/, '')}/moderation/keywords`,
      ),
    );
  });
  return out;
}
