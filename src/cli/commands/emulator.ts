// PLACEHOLDER: replaced by the helper who owns the `emulator` command.
import { KwsyncError } from '../../errors.js';
import type { RegisterCommand } from './index.js';

export const register: RegisterCommand = (program) => {
  program.command('emulator').description('(not built yet)').action(() => {
    throw new KwsyncError('`kwsync emulator` is not built yet');
  });
};
