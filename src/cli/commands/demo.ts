// PLACEHOLDER: replaced by the helper who owns the `demo` command.
import { KwsyncError } from '../../errors.js';
import type { RegisterCommand } from './index.js';

export const register: RegisterCommand = (program) => {
  program.command('demo').description('(not built yet)').action(() => {
    throw new KwsyncError('`kwsync demo` is not built yet');
  });
};
