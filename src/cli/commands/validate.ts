// PLACEHOLDER: replaced by the helper who owns the `validate` command.
import { KwsyncError } from '../../errors.js';
import type { RegisterCommand } from './index.js';

export const register: RegisterCommand = (program) => {
  program.command('validate').description('(not built yet)').action(() => {
    throw new KwsyncError('`kwsync validate` is not built yet');
  });
};
