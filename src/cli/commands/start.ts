// PLACEHOLDER: replaced by the helper who owns the `start` command.
import { KwsyncError } from '../../errors.js';
import type { RegisterCommand } from './index.js';

export const register: RegisterCommand = (program) => {
  program.command('start').description('(not built yet)').action(() => {
    throw new KwsyncError('`kwsync start` is not built yet');
  });
};
