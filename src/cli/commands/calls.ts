// PLACEHOLDER: replaced by the helper who owns the `calls` command.
import { KwsyncError } from '../../errors.js';
import type { RegisterCommand } from './index.js';

export const register: RegisterCommand = (program) => {
  program.command('calls').description('(not built yet)').action(() => {
    throw new KwsyncError('`kwsync calls` is not built yet');
  });
};
