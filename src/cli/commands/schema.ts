// `kwsync schema`: the JSON Schema of list files (or of kwsync.yaml), generated from the same zod
// schemas validate uses; committed as schema/list-file.schema.json and schema/kwsync.schema.json.
import { configSchema } from '../../model/config.js';
import { listFileJsonSchema } from '../../model/list-file.js';
import { z } from 'zod';
import type { RegisterCommand } from './index.js';

export const register: RegisterCommand = (program, ctx, setExitCode) => {
  program
    .command('schema')
    .description('print the JSON Schema of list files (or of kwsync.yaml with --config)')
    .option('--config', 'the schema of keywords/kwsync.yaml instead', false)
    .addHelpText(
      'after',
      `
Examples:
  kwsync schema > schema/list-file.schema.json
  kwsync schema --config > schema/kwsync.schema.json

Editors (yaml-language-server) pick it up from a comment on the first line of a file:
  # yaml-language-server: $schema=../schema/list-file.schema.json   (a list file)
  # yaml-language-server: $schema=../schema/kwsync.schema.json      (kwsync.yaml)`,
    )
    .action((opts: { config: boolean }) => {
      const schema = opts.config ? configJsonSchema() : listFileJsonSchema();
      ctx.io.stdout.write(`${JSON.stringify(schema, null, 2)}\n`);
      setExitCode(0);
    });
};

/** Draft-07 for yaml-language-server; `io: 'input'` so keys with defaults are optional. */
export function configJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(configSchema, { io: 'input', target: 'draft-07' }) as Record<string, unknown>;
  return { $schema: schema.$schema, title: 'kwsync.yaml', ...schema };
}
