// `kwsync schema`: the JSON Schema of list files (or of kwsync.yaml, or of rule files), generated from the same zod
// schemas validate uses; committed as schema/list-file.schema.json and schema/kwsync.schema.json.
// zod and the schemas load when the action runs, not when the command is defined.
import { Option } from 'commander';
import { UsageError } from '../../errors.js';
import type { OutputSchemaName } from '../output-schemas/index.js';
import type { RegisterCommand } from './command.js';
import { OUTPUT_SCHEMA_NAMES } from './option-parsers.js';

export const register: RegisterCommand = (program, ctx, setExitCode) => {
  program
    .command('schema')
    .description('print the JSON Schema of list files (or of kwsync.yaml, rule files, or a --format json output)')
    .option('--config', 'the schema of keywords/kwsync.yaml instead', false)
    .option('--rule', 'the schema of rule files (keywords/rules/*.yaml) instead', false)
    .addOption(new Option('--output <name>', 'the schema of a --format json output instead').choices(OUTPUT_SCHEMA_NAMES))
    .addHelpText(
      'after',
      `
Examples:
  kwsync schema > schema/list-file.schema.json
  kwsync schema --config > schema/kwsync.schema.json
  kwsync schema --rule > schema/rule-file.schema.json
  kwsync schema --output plan > schema/plan.schema.json   (any of ${OUTPUT_SCHEMA_NAMES.join(', ')})

Editors (yaml-language-server) pick it up from a comment on the first line of a file:
  # yaml-language-server: $schema=../schema/list-file.schema.json   (a list file)
  # yaml-language-server: $schema=../schema/kwsync.schema.json      (kwsync.yaml)
  # yaml-language-server: $schema=../../schema/rule-file.schema.json (a rule file)`,
    )
    .action(async (opts: { config: boolean; rule: boolean; output?: OutputSchemaName }) => {
      if ([opts.config, opts.rule, opts.output !== undefined].filter(Boolean).length > 1) throw new UsageError('--config, --rule and --output each name one schema', { hint: 'choose one of them' });
      const schema = opts.output
        ? (await import('../output-schemas/index.js')).outputJsonSchema(opts.output)
        : opts.config
          ? await configJsonSchema()
          : opts.rule
            ? (await import('../../model/moderation-rule.js')).ruleFileJsonSchema()
            : (await import('../../model/list-file.js')).listFileJsonSchema();
      ctx.io.stdout.write(`${JSON.stringify(schema, null, 2)}\n`);
      setExitCode(0);
    });
};

/** Draft-07 for yaml-language-server; `io: 'input'` so keys with defaults are optional. */
async function configJsonSchema(): Promise<Record<string, unknown>> {
  const { z } = await import('zod');
  const { configSchema } = await import('../../model/config.js');
  const schema = z.toJSONSchema(configSchema, { io: 'input', target: 'draft-07' }) as Record<string, unknown>;
  return { $schema: schema.$schema, title: 'kwsync.yaml', ...schema };
}
