// PLACEHOLDER: replaced by the helper who owns the `schema` command.
import { KwsyncError } from '../../errors.js';
import type { RegisterCommand } from './index.js';

export const register: RegisterCommand = (program) => {
  program.command('schema').description('(not built yet)').action(() => {
    throw new KwsyncError('`kwsync schema` is not built yet');
  });
};
