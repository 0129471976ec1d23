// `kwsync schema`: the JSON Schema of list files, generated from the same zod schema validate uses.
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
  kwsync schema --config

Editors (yaml-language-server) pick it up from a comment on the first line of a list file:
  # yaml-language-server: $schema=../schema/list-file.schema.json`,
    )
    .action((opts: { config: boolean }) => {
      const schema = opts.config ? configJsonSchema() : listFileJsonSchema();
      ctx.io.stdout.write(`${JSON.stringify(schema, null, 2)}\n`);
      setExitCode(0);
    });
};

function configJsonSchema(): Record<string, unknown> {
  return { title: 'kwsync.yaml', ...(z.toJSONSchema(configSchema, { io: 'input' }) as Record<string, unknown>) };
}
