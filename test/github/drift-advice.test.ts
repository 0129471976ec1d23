// The drift issue names the exact import command for the lists changed live.
import { driftImportCommand } from '../../src/github/drift-issue.js';

test.each([
  ['production', 'keywords', ['a', 'b'], 'npx kwsync import --dir keywords --target production --list a --list b'],
  ['default', 'lists', ['a'], 'npx kwsync import --dir lists --list a'],
  ['prod', "my lists/it's", ['a'], "npx kwsync import --dir 'my lists/it'\\''s' --target prod --list a"],
])('target %s, folder %s', (target, dir, ids, expected) => {
  expect(driftImportCommand(target, dir, ids)).toBe(expected);
});
