// PLACEHOLDER: replaced by the helper who owns the `plan` command.
import { KwsyncError } from '../../errors.js';
import type { RegisterCommand } from './index.js';

export const register: RegisterCommand = (program) => {
  program.command('plan').description('(not built yet)').action(() => {
    throw new KwsyncError('`kwsync plan` is not built yet');
  });
};
