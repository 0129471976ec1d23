// `kwsync doctor`: flags, the terminal confirmation of --write-probe, Ctrl-C, output and exit codes.
// The probing itself is src/doctor (plain data in, plain data out).
import { stat } from 'node:fs/promises';
import { askLine, canAsk, EXIT_INTERRUPTED, onSigint } from '../terminal.js';
import type { KwsyncConfig } from '../../model/config.js';
import type { DoctorReport } from '../../doctor/index.js';
import { EXIT, KwsyncError, UsageError } from '../../errors.js';
import type { CliIO } from '../io.js';
import type { RegisterCommand } from './command.js';

export interface DoctorCommandOptions {
  dir?: string;
  target?: string;
  format?: string;
  writeProbe?: boolean;
  listingPaging?: boolean;
  yes?: boolean;
  schema?: boolean;
}

/** What doctor needs of the terminal; tests pass their own. */
export interface DoctorTerminal {
  /** A person can answer a question (stdin and stderr are terminals). */
  isInteractive: boolean;
  ask(question: string): Promise<boolean>;
  /** Calls `handler` on Ctrl-C until the returned function is called. */
  onInterrupt(handler: () => void): () => void;
}


export async function runDoctorCommand(io: CliIO, opts: DoctorCommandOptions, terminal: DoctorTerminal = processTerminal()): Promise<number> {
  // The probes, zod and the client load here, when the command runs, not when it is defined. One
  // after the other: two dynamic imports sharing modules can race in jest's ESM loader.
  const { doctorReportJsonSchema, newProbeId, renderDoctorText, runDoctor } = await import('../../doctor/index.js');
  const { connectApp } = await import('../target.js');
  if (opts.schema) {
    io.stdout.write(`${JSON.stringify(doctorReportJsonSchema(), null, 2)}\n`);
    return EXIT.ok;
  }
  const format = opts.format ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be text or json (got "${format}")`, { hint: 'e.g. --format json for a stable, versioned object' });
  const writeProbe = opts.writeProbe === true;
  // Refused before anything is read or sent: a CI job must say --yes to write.
  if (writeProbe && !opts.yes && !terminal.isInteractive) {
    throw new UsageError('--write-probe creates and deletes a temporary keyword list, and there is no terminal to confirm on', {
      hint: 'pass --yes to run it without asking',
    });
  }
  const config = await loadConfig(io, opts.dir);
  const { client, keywords, endpoint } = connectApp(io, config, opts.target);
  const probeId = newProbeId();
  if (writeProbe && !opts.yes) {
    const yes = await terminal.ask(
      `kwsync doctor will create the temporary keyword lists ${probeId}, ${probeId}-word and ${probeId}-sentences on ${keywords.label}, one at a time, write each a few times, and delete each. No other list is touched. Continue? [y/N] `,
    );
    if (!yes) {
      await client.close();
      throw new KwsyncError('not confirmed; nothing was written', { hint: 'run `kwsync doctor` without --write-probe for the read-only checks' });
    }
  }
  const controller = new AbortController();
  const stopListening = terminal.onInterrupt(() => {
    if (!controller.signal.aborted) io.stderr.write(`\nkwsync: interrupted; stopping, and deleting the probe list ${probeId} if it was made…\n`);
    controller.abort();
  });
  let report: DoctorReport;
  let interrupted: boolean;
  try {
    ({ report, interrupted } = await runDoctor(client, {
      config,
      target: keywords.label,
      endpoint,
      writeProbe,
      listingPaging: opts.listingPaging === true,
      probeId,
      signal: controller.signal,
      ...(io.stderr.isTTY && !io.quiet ? { onStep: (step: string) => io.stderr.write(`kwsync doctor: ${step}\n`) } : {}),
    }));
  } finally {
    stopListening();
    await client.close();
  }
  io.stdout.write(format === 'json' ? `${JSON.stringify(report, null, 2)}\n` : renderDoctorText(report));
  if (format === 'json') {
    // The JSON goes to a file or a tool; the person still sees what blocks, on stderr.
    for (const f of report.findings.filter((x) => x.needsAction)) io.stderr.write(`kwsync: ${f.title}: ${f.detail}\n${f.hint ? `  hint: ${f.hint}\n` : ''}`);
  }
  if (interrupted || controller.signal.aborted) {
    const cleanup = report.findings.find((f) => f.id === 'probe-cleanup');
    io.stderr.write(`kwsync: interrupted; ${cleanup?.status === 'ok' ? `the probe list ${probeId} was deleted` : cleanup ? cleanup.detail : 'nothing was written'}\n`);
    return EXIT_INTERRUPTED;
  }
  return report.ok ? EXIT.ok : EXIT.failure;
}

/** kwsync.yaml of the folder; with no folder at the default place, the defaults (doctor comes before setup). */
async function loadConfig(io: CliIO, dir: string | undefined): Promise<KwsyncConfig> {
  const { DEFAULT_CONFIG } = await import('../../model/config.js');
  const { loadRepo, resolvePath } = await import('../target.js');
  if (dir === undefined && !(await isDirectory(resolvePath(io, 'keywords')))) return DEFAULT_CONFIG;
  return (await loadRepo(io, dir ?? 'keywords', false)).config;
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/** The real terminal: a y/N question on stderr, Ctrl-C as SIGINT (a second one quits at once). */
export function processTerminal(): DoctorTerminal {
  return {
    isInteractive: canAsk(),
    ask: async (question) => /^y(es)?$/i.test(await askLine(question)),
    onInterrupt: (handler) =>
      onSigint(handler, () =>
        process.stderr.write('kwsync: interrupted twice; quitting now. The probe list may remain: run `kwsync doctor --write-probe` again, or delete it in the dashboard.\n'),
      ),
  };
}

export const register: RegisterCommand = (program, ctx, setExitCode) => {
  program
    .command('doctor')
    .description("find out how your app behaves where CometChat's published API description is silent, and the kwsync.yaml settings to use")
    .option('--dir <dir>', 'the keywords folder whose kwsync.yaml holds the current settings (default: keywords, or defaults when absent)')
    .option('--target <name>', 'a target of kwsync.yaml (default: the only one, or the environment)')
    .option('--format <format>', 'text or json', 'text')
    .option('--write-probe', 'also create temporary lists (kwsync-probe-<random>, -word, -sentences), one at a time, try each way of sending entries, and delete each')
    .option('--listing-paging', 'try paging parameters on the keyword listing even when it does not look cut short (a few GETs)')
    .option('--yes', 'with --write-probe: do not ask for confirmation (needed without a terminal, e.g. in CI)')
    .option('--schema', 'print the JSON Schema of the --format json output and exit')
    .addHelpText(
      'after',
      `
Examples:
  kwsync doctor                              # read-only: GETs only, nothing is written
  kwsync doctor --target production --write-probe
  kwsync doctor --write-probe --yes --format json > doctor.json   # in CI
  kwsync doctor --listing-paging             # also try paging parameters on the keyword listing

What it checks (each finding is ok, DIFFERS or unknown, with what kwsync does about it):
  reach and authenticate      the key reads the keyword lists of the app
  the key may write           --write-probe: the key has full-access scope (apply needs it)
  listing                     is the listing cut short (meta.current limit), is \`default\` sent on
                              ordinary lists, is \`description\` kept
  the answer for a missing list   404 and the error body, for a fresh id kwsync-probe-<random>
  rate-limit headers          X-RateLimit-* or X-Rate-Limit-* (kwsync reads both), or none
  latency                     the median of a few GETs against service.timeoutMs
  the Calls API               one page of GET /calls and its pagination keys; does page=2 move
                              (meta.pagination.current_page); which status values the filter takes
  paging of the listing       when the listing looks cut short (or --listing-paging): page/perPage,
                              limit/offset, page/per_page and a cursor from meta, with a limit of 1;
                              recommends service.listingPaging, so plan and prune read every page
  affix=prepend               with preview.groups set: does prepend without id start at the newest
  --write-probe only, one temporary list per kind, each deleted before the next is made:
    pattern   terms in searchTerms; \\d{3,10} in a CSV file with csvQuoting none and rfc4180;
              searchTerms beside a file (empty or omitted); comma- vs newline-separated entries;
              the revision rising by one per write
    word      created with a CSV file (a POST with a file); comma- vs newline-separated entries
    sentence  created with each sentenceEncoding (repeated, brackets, indexed, json, searchTerms),
              sentences holding commas; comma- vs newline-separated entries (when the app
              takes sentences in searchTerms); a CSV file
  It asks first on a terminal (--yes skips that). Each probe list is always deleted, also
  on an error or Ctrl-C, and no other list is ever written. It needs one free list slot of
  limits.maxLists.

Each finding says what kwsync assumed, what the app did, and the setting that fixes it.

The output ends with the service: settings to paste into keywords/kwsync.yaml (termsTransport,
csvQuoting, searchTermsWithFile, timeoutMs, sentenceEncoding, separators per kind, listingPaging); --format json
has them as recommended and changes.

Exit codes: 0 everything works with the current settings, 1 a setting should change or something
needs action (or the app cannot be reached or authenticated), 64 bad usage (also --write-probe
without a terminal and without --yes), 130 interrupted (the probe lists are still deleted).`,
    )
    .action(async (opts: DoctorCommandOptions) => {
      setExitCode(await runDoctorCommand(ctx.io, opts));
    });
};
