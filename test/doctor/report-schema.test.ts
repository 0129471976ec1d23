// The published JSON Schema of `kwsync doctor --format json` is current, and real reports validate
// against it (with ajv, a validator that knows nothing of zod), as the other output schemas are.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { kwsync } from '../helpers/cli.js';
import { startDoctorHarness, type DoctorHarness } from './doctor-harness.js';

const root = process.cwd();
const committed = readFileSync(join(root, 'schema/doctor-report.schema.json'), 'utf8');

let h: DoctorHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('schema/doctor-report.schema.json', () => {
  it('is what `kwsync doctor --schema` prints (regenerate: kwsync doctor --schema > schema/doctor-report.schema.json)', async () => {
    const r = await kwsync(['doctor', '--schema'], {}, root);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(committed);
    expect(JSON.parse(committed).$schema).toBe('https://json-schema.org/draft/2020-12/schema');
  });

  it('read-only and write-probe reports validate; a report missing formatVersion does not', async () => {
    const validate = new Ajv2020({ allErrors: true, strict: true }).compile(JSON.parse(committed));
    h = await startDoctorHarness({ csvParsing: 'rfc4180', requireSearchTerms: true }, 'service:\n  searchTermsWithFile: omit\n');
    for (const argv of [['--format', 'json'], ['--format', 'json', '--write-probe', '--yes']]) {
      const report = JSON.parse((await h.doctor(argv)).stdout);
      expect(report.formatVersion).toBe(1);
      expect(validate(report) ? [] : validate.errors).toEqual([]);
    }
    const { formatVersion: _dropped, ...broken } = JSON.parse((await h.doctor(['--format', 'json'])).stdout);
    expect(validate(broken)).toBe(false);
  });

  it('an unknown --format is bad usage (64) and sends nothing', async () => {
    h = await startDoctorHarness();
    const r = await h.doctor(['--format', 'markdown']);
    expect(r.code).toBe(64);
    expect(r.stderr).toContain('--format must be text or json');
    expect(h.emu.requests).toEqual([]);
  });

  it('--help teaches: examples, the findings, exit codes', async () => {
    const r = await kwsync(['doctor', '--help'], {}, root);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('kwsync doctor --write-probe --yes --format json');
    expect(r.stdout).toContain('rate-limit headers');
    expect(r.stdout).toContain('130 interrupted');
  });
});
