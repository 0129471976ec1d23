// An in-memory DeploymentReader: records per environment, newest first wins, as GitHub's would be
// read. Tests of `kwsync status` code against the interface with it (the real one reads GitHub).
import { environmentOf, type AppliedRecord, type DeploymentReader, type LastApplied } from '../../src/github/deployment-record.js';

export class MemoryReader implements DeploymentReader {
  readonly records: AppliedRecord[] = [];
  readonly asked: string[] = [];
  /** Environments whose read fails (GitHub down, no access). */
  readonly failing = new Set<string>();

  applied(target: string, sha: string, appliedAt: string, extra: Partial<AppliedRecord> = {}): this {
    this.records.push({ deploymentId: this.records.length + 1, target, environment: extra.environment ?? target, sha, appliedAt, runUrl: `https://github.com/acme/lists/actions/runs/${100 + this.records.length}`, ...extra });
    return this;
  }

  async lastApplied(target: { name: string; environment?: string | undefined }): Promise<LastApplied> {
    const env = environmentOf(target);
    this.asked.push(env);
    if (this.failing.has(env)) throw new Error('GitHub answered 503');
    const newest = this.records.filter((r) => r.environment === env).sort((a, b) => b.appliedAt.localeCompare(a.appliedAt))[0];
    return newest ? { found: true, record: newest } : { found: false, reason: `no kwsync deployment in the environment "${env}" yet` };
  }
}
