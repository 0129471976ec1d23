// PLACEHOLDER: replaced by the helper who owns the `apply` command.
import { KwsyncError } from '../../errors.js';
import type { RegisterCommand } from './index.js';

export const register: RegisterCommand = (program) => {
  program.command('apply').description('(not built yet)').action(() => {
    throw new KwsyncError('`kwsync apply` is not built yet');
  });
};
