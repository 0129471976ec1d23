import { stringify } from 'yaml';
import { SourceText } from '../../src/load/source-text.js';
import { parseYamlFile } from '../../src/load/yaml-file.js';
import { configSchema } from '../../src/model/config.js';
import { schemaIssues } from '../../src/validate/schema-issues.js';
import { DEFAULT_CONFIG } from '../../src/model/config.js';
import type { DesiredList } from '../../src/model/keyword-list.js';
import { closest, editDistance, suggestion } from '../../src/validate/did-you-mean.js';
import { encodeTerms, uploadBytes } from '../../src/model/terms-encoding.js';
import { checkRepo, type PlacedList } from '../../src/validate/rules/repo.js';
import { renderDiagnosticsGithub } from '../../src/validate/render-github.js';

describe('did you mean', () => {
  it.each([
    ['descripton', 'description'],
    ['serchTerms', 'searchTerms'],
    ['Name', 'name'],
    ['zzzzzz', undefined],
  ])('%s -> %s', (word, want) => expect(closest(word, ['id', 'name', 'description', 'category', 'searchTerms', 'file', 'tests'])).toBe(want));
  it('edit distance', () => expect(editDistance('kitten', 'sitting')).toBe(3));
});

describe('upload size, measured as the client sends the terms', () => {
  it('searchTerms joined by commas when no term holds a comma', () => {
    expect(encodeTerms(['a', 'bé'])).toEqual({ encoding: 'searchTerms', body: 'a,bé' });
    expect(uploadBytes(['a', 'bé'])).toEqual({ encoding: 'searchTerms', bytes: 5 }); // é is two bytes
  });
  it('a file with one unquoted term per line when any term holds a comma', () => {
    expect(encodeTerms(['\\d{3,10}', 'x'])).toEqual({ encoding: 'file', body: '\\d{3,10}\nx\n' });
    expect(uploadBytes(['\\d{3,10}', 'x'])).toEqual({ encoding: 'file', bytes: 11 });
  });
});

describe('repo rules with the documented defaults', () => {
  const placed = (i: number, terms = ['t']): PlacedList => {
    const list: DesiredList = { id: `l${i}`, name: 'n', description: '', category: 'word', searchTerms: terms, source: { file: `keywords/l${i}.yaml` } };
    return { list, idAt: { file: list.source.file, line: 2, column: 5 }, termsAt: { file: list.source.file, line: 5, column: 1 } };
  };
  it('25 lists pass, the 26th is refused where it is declared', () => {
    const lists = Array.from({ length: 26 }, (_, i) => placed(i));
    expect(checkRepo(lists.slice(0, 25), DEFAULT_CONFIG)).toEqual([]);
    expect(checkRepo(lists, DEFAULT_CONFIG)).toMatchObject([{ rule: 'too-many-lists', file: 'keywords/l25.yaml', line: 2 }]);
  });
  it('1 MB exactly passes; one byte more is refused', () => {
    const exactly = Array.from({ length: 1024 }, () => 'x'.repeat(1023)); // 1024*1023 + 1023 commas = 1 MB - 1
    exactly[1] += 'y';
    expect(uploadBytes(exactly).bytes).toBe(1024 * 1024);
    expect(checkRepo([placed(0, exactly)], DEFAULT_CONFIG)).toEqual([]);
    exactly[0] += 'x';
    expect(checkRepo([placed(0, exactly)], DEFAULT_CONFIG)).toMatchObject([{ rule: 'list-too-large', line: 5 }]);
  });
  it('the size is measured as kwsync.yaml says terms travel: RFC 4180 quotes count', () => {
    // 1000 terms holding a comma go as a file; quoting adds two quote characters per line.
    const terms = Array.from({ length: 1000 }, (_, i) => `${String(i).padStart(4, '0')},${'x'.repeat(1042)}`);
    const quoted = { ...DEFAULT_CONFIG, service: { ...DEFAULT_CONFIG.service, csvQuoting: 'rfc4180' as const } };
    expect(uploadBytes(terms, DEFAULT_CONFIG.service).bytes).toBe(1000 * 1048);
    expect(uploadBytes(terms, quoted.service).bytes).toBe(1000 * 1050);
    expect(checkRepo([placed(0, terms)], DEFAULT_CONFIG)).toEqual([]);
    expect(checkRepo([placed(0, terms)], quoted)).toMatchObject([{ rule: 'list-too-large', line: 5 }]);
  });
});

it('github escaping: % CR LF in messages; also : and , in properties', () => {
  const out = renderDiagnosticsGithub([{ file: 'k/a,b:c.yaml', line: 1, column: 2, severity: 'warning', rule: 'r', message: '100% bad\r\nnext' }]);
  expect(out).toBe('::warning file=k/a%2Cb%3Ac.yaml,line=1,col=2,title=r::100%25 bad%0D%0Anext\n');
});

describe('did you mean: synonyms and keys of a nested mapping (T1-8)', () => {
  const keys = ['id', 'name', 'description', 'category', 'searchTerms', 'file', 'tests'];
  it.each([
    ['terms', 'searchTerms'],
    ['keywords', 'searchTerms'],
    ['Words', 'searchTerms'],
    ['list', 'searchTerms'],
    ['title', 'name'],
    ['label', 'name'],
    ['type', 'category'],
    ['kind', 'category'],
    ['csv', 'file'],
    ['path', 'file'],
    ['desc', 'description'],
  ])('%s -> %s', (word, want) => expect(closest(word, keys)).toBe(want));
  it('an alias whose key is not known here is not suggested', () => expect(closest('terms', ['shouldMatch', 'shouldNotMatch'])).toBeUndefined());
  it('a key of a nested mapping: belongs under its parent', () => {
    const nested = new Map([['shouldMatch', 'tests'], ['shouldNotMatch', 'tests']]);
    expect(suggestion('shouldMatch', keys, 'keys', nested)).toBe('it belongs under `tests:`; indent it there');
    expect(suggestion('terms', keys, 'keys', nested)).toBe('did you mean "searchTerms"?');
  });
});

describe('kwsync.yaml messages in plain words (T1-11)', () => {
  const issuesOf = (value: unknown) => {
    const yaml = parseYamlFile(new SourceText('k/kwsync.yaml', stringify(value)), { maxAliasCount: 10 }).file!;
    return schemaIssues(configSchema.safeParse(value).error!.issues, yaml, configSchema).map((d) => d.message);
  };
  it.each([
    [{ limits: { maxLists: 0 } }, '"limits.maxLists" is 0; use a number above 0'],
    [{ apply: { concurrency: 20 } }, '"apply.concurrency" is 20; use a number of at most 16'],
    [{ safety: { maxRemovedShare: -1 } }, '"safety.maxRemovedShare" is -1; use a number of at least 0'],
    [{ targets: [{ name: 'a b' }] }, '"targets.0.name" is "a b"; use only letters, digits, _ . and - in a target name'],
    [{ targets: [{ name: 'a', appId: '' }] }, '"targets.0.appId" is empty; write a value, or remove the key'],
  ])('%j', (value, want) => expect(issuesOf(value)).toEqual([want]));
});
