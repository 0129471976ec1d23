// `kwsync validate` and `kwsync schema` through the CLI shell, in-process.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { kwsync } from '../helpers/cli.js';

const root = process.cwd();
const invalid = (name: string) => join(root, 'test/fixtures/invalid', name);

describe('kwsync validate', () => {
  it('passes the shipped keywords/ folder with a summary line', async () => {
    const r = await kwsync(['validate'], {}, root);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^4 lists, 0 errors, 0 warnings\n$/m);
  });

  it('--deadline bounds the run: work left at the deadline is a located too-slow error and exit 3', async () => {
    const r = await kwsync(['validate', '--deadline', '0'], {}, root);
    expect(r.code).toBe(3);
    expect(r.stdout).toMatch(/^keywords\/[\w-]+\.yaml:1:1 error too-slow this list file was not checked: validation ran past its deadline of 0 ms/m);
  });

  it('prints file:line:col severity rule message, the source line and a caret under the spot', async () => {
    const r = await kwsync(['validate'], {}, invalid('pattern-plus'));
    expect(r.code).toBe(3);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^keywords\/pats\.yaml:6:10 error pattern-unbounded "\+" is unbounded/);
    expect(lines[1]).toBe("      - 'ab\\d+x'");
    expect(lines[2]!.indexOf('^')).toBe(lines[1]!.indexOf('+'));
    expect(r.stdout).toContain('1 list, 1 error, 0 warnings');
  });

  it('json: the documented stable shape', async () => {
    const r = await kwsync(['validate', '--format', 'json'], {}, root);
    const json = JSON.parse(r.stdout);
    expect(json).toMatchObject({ version: 1, valid: true, errorCount: 0, warningCount: 0, diagnostics: [] });
    expect(json.lists).toContainEqual({ id: 'slurs-en', file: 'keywords/slurs-en.yaml', termsFile: 'keywords/slurs-en.csv', category: 'word', terms: 6, examples: 2 });
    const sentences = json.lists.find((l: { category: string }) => l.category === 'sentence-similarity');
    expect(sentences.testsSkipped).toMatch(/cannot be checked offline/);
  });

  it('github: workflow commands with escaped properties and message', async () => {
    const r = await kwsync(['validate', '--format', 'github'], {}, invalid('csv-two-fields'));
    expect(r.code).toBe(3);
    expect(r.stdout).toMatch(/^::error file=keywords\/terms\.csv,line=2,col=5,title=csv-multiple-fields::this line has 2 columns/m);
    expect(r.stdout).toContain('keep only the first column, "beta"');
  });

  it('warnings pass, and fail with --strict', async () => {
    const dir = invalid('duplicate-term-folded');
    expect((await kwsync(['validate'], {}, dir)).code).toBe(0);
    const strict = await kwsync(['validate', '--strict', '--format', 'json'], {}, dir);
    expect(strict.code).toBe(3);
    expect(JSON.parse(strict.stdout)).toMatchObject({ valid: false, errorCount: 0, warningCount: 1 });
  });

  it('a bad --format is a usage error (64)', async () => {
    const r = await kwsync(['validate', '--format', 'xml'], {}, root);
    expect(r.code).toBe(64);
    expect(r.stderr).toContain('unknown --format "xml"');
  });

  it('a missing folder is one clear line, exit 1', async () => {
    const r = await kwsync(['validate', '--dir', 'nope'], {}, root);
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toBe('kwsync: keywords folder not found: nope');
    expect(r.stdout).toBe('');
  });

  it.each(readdirSync(join(root, 'test/fixtures/invalid')).sort())('%s: located message, no stack trace', async (name) => {
    const want = JSON.parse(readFileSync(join(invalid(name), 'expect.json'), 'utf8')) as { file: string; line: number };
    const r = await kwsync(['validate', '--strict'], {}, invalid(name));
    expect(r.code).toBe(3);
    expect(r.stdout).toContain(`${want.file}:${want.line}:`);
    expect(`${r.stdout}${r.stderr}`).not.toMatch(/\n\s+at .*\(.*:\d+:\d+\)|internal error/);
  });
});

describe('kwsync schema', () => {
  it('prints the list-file schema, and the committed copy is up to date', async () => {
    const r = await kwsync(['schema'], {}, root);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(readFileSync(join(root, 'schema/list-file.schema.json'), 'utf8'));
    const schema = JSON.parse(r.stdout);
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required).toEqual(['id', 'name', 'category']);
  });

  it('list files point editors at the committed schema', () => {
    const lists = readdirSync(join(root, 'keywords')).filter((f) => f.endsWith('.yaml') && f !== 'kwsync.yaml');
    for (const f of lists) {
      expect(readFileSync(join(root, 'keywords', f), 'utf8').split('\n')[0]).toBe('# yaml-language-server: $schema=../schema/list-file.schema.json');
    }
  });

  it('--config prints the kwsync.yaml schema, and the committed copy is up to date', async () => {
    const r = await kwsync(['schema', '--config'], {}, root);
    expect(r.stdout).toBe(readFileSync(join(root, 'schema/kwsync.schema.json'), 'utf8'));
    expect(JSON.parse(r.stdout).properties).toHaveProperty('targets');
  });

  it('both schemas are draft-07, which yaml-language-server supports (T1-15)', async () => {
    for (const argv of [['schema'], ['schema', '--config']]) {
      expect(JSON.parse((await kwsync(argv, {}, root)).stdout).$schema).toBe('http://json-schema.org/draft-07/schema#');
    }
  });

  it('the list schema refuses padded, multi-line and empty terms and a blank name, as validate does', async () => {
    const schema = JSON.parse((await kwsync(['schema'], {}, root)).stdout);
    const term = new RegExp(schema.properties.searchTerms.items.pattern);
    expect(['ok', 'a b', '\\d{3}', 'x'].map((t) => term.test(t))).toEqual([true, true, true, true]);
    expect([' x', 'x ', 'y\nz', '', ' '].map((t) => term.test(t))).toEqual([false, false, false, false, false]);
    expect(new RegExp(schema.properties.name.pattern).test(' ')).toBe(false);
  });

  it('kwsync.yaml points editors at the committed config schema', () => {
    expect(readFileSync(join(root, 'keywords/kwsync.yaml'), 'utf8').split('\n')[0]).toBe('# yaml-language-server: $schema=../schema/kwsync.schema.json');
  });
});
