// `kwsync completion bash|zsh|fish`: a completion script made from the command tree (src/cli/completion.ts).
import { Argument } from 'commander';
import type { RegisterCommand } from './command.js';

export const register: RegisterCommand = (program, ctx, setExitCode) => {
  program
    .command('completion')
    .description('print a shell completion script: commands, options and --target names')
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(['bash', 'zsh', 'fish']))
    .addHelpText(
      'after',
      `
Examples:
  eval "$(kwsync completion bash)"        # in ~/.bashrc
  eval "$(kwsync completion zsh)"         # in ~/.zshrc
  kwsync completion fish > ~/.config/fish/completions/kwsync.fish

--target completes the target names of keywords/kwsync.yaml in the current folder.`,
    )
    .action(async (shell: 'bash' | 'zsh' | 'fish') => {
      const { bashCompletion, fishCompletion, zshCompletion } = await import('../completion.js');
      ctx.io.stdout.write(shell === 'bash' ? bashCompletion(program) : shell === 'zsh' ? zshCompletion(program) : fishCompletion(program));
      setExitCode(0);
    });
};
