// R-M4c (issue 27): a target's baseUrl receives its key, so kwsync.yaml accepts https:// to any
// host and plain http:// only to this machine. Invariant, over generated hosts: http:// is
// accepted iff the host is localhost, 127.x.x.x or [::1] and nothing but a port and a path follows.
import fc from 'fast-check';
import { configSchema } from '../../src/model/config.js';

const parse = (baseUrl: string) => configSchema.safeParse({ targets: [{ name: 'prod', baseUrl }] });
const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/);
const host = fc.array(label, { minLength: 1, maxLength: 4 }).map((l) => l.join('.'));
const loopback = fc.oneof(fc.constant('localhost'), fc.constant('[::1]'), fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)).map(([a, b, c]) => `127.${a}.${b}.${c}`));
const tail = fc.tuple(fc.option(fc.integer({ min: 1, max: 65535 })), fc.constantFrom('', '/v3', '/apps/x/v3')).map(([port, path]) => `${port === null ? '' : `:${port}`}${path}`);

describe('targets[].baseUrl', () => {
  it('http:// to a host that is not loopback is refused, with what to write instead', () => {
    fc.assert(
      fc.property(host.filter((h) => h !== 'localhost' && !/^127\./.test(h)), tail, (h, t) => {
        const r = parse(`http://${h}${t}`);
        expect(r.success).toBe(false);
        expect(JSON.stringify(r.error?.issues)).toContain('use https://');
      }),
      { numRuns: 300, seed: 274 },
    );
  });

  it('http:// to loopback and https:// to any host are accepted', () => {
    fc.assert(
      fc.property(loopback, host, tail, (lo, h, t) => {
        expect(parse(`http://${lo}${t}`).success).toBe(true);
        expect(parse(`https://${h}${t}`).success).toBe(true);
      }),
      { numRuns: 300, seed: 275 },
    );
  });

  it.each(['http://localhost.attacker.example', 'http://127.0.0.1.attacker.example/v3', 'http://localhost@attacker.example', 'http://localhost:80@attacker.example', 'http://collector.attacker.example', 'HTTP://attacker.example'])('a loopback look-alike is refused: %s', (url) => {
    expect(parse(url).success).toBe(false);
  });
});
