#!/usr/bin/env node
// prepack: record in the package which commit it is packed from (dist/build-info.json), so that
// `kwsync init` can pin the workflows it writes to that commit (a full SHA cannot move). The
// package must be packed from a clean checkout of a commit on kwsync's default branch whose
// "bundle proof" status is green: that commit is what adopters' workflows will run.
// A dirty tree is refused (the commit would not describe the package); KWSYNC_PACK_ALLOW_DIRTY=1
// packs anyway and records nothing, and `kwsync init` then asks for --ref. Outside a git checkout
// nothing is recorded either.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = process.cwd();
const out = join(root, 'dist/build-info.json');
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

function skip(why) {
  rmSync(out, { force: true });
  process.stderr.write(`record-build-commit: ${why}; dist/build-info.json not written (kwsync init will ask for --ref)\n`);
}

let commit;
try {
  commit = git('rev-parse', '--verify', 'HEAD^{commit}');
} catch {
  skip('not a git checkout');
  process.exit(0);
}
const dirty = git('status', '--porcelain', '--untracked-files=no');
if (dirty !== '') {
  if (process.env.KWSYNC_PACK_ALLOW_DIRTY === '1') {
    skip('the working tree has uncommitted changes (KWSYNC_PACK_ALLOW_DIRTY=1)');
    process.exit(0);
  }
  process.stderr.write(
    `record-build-commit: the working tree has uncommitted changes, so no commit describes this package:\n${dirty}\n` +
      '  hint: commit or stash them and pack again; KWSYNC_PACK_ALLOW_DIRTY=1 packs anyway and records no commit\n',
  );
  process.exit(1);
}
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
mkdirSync(join(root, 'dist'), { recursive: true });
writeFileSync(out, `${JSON.stringify({ commit, version }, null, 2)}\n`);
process.stderr.write(`record-build-commit: kwsync ${version} packed from ${commit}\n`);
