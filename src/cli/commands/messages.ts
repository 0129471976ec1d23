// PLACEHOLDER: replaced by the helper who owns the `messages` command.
import { KwsyncError } from '../../errors.js';
import type { RegisterCommand } from './index.js';

export const register: RegisterCommand = (program) => {
  program.command('messages').description('(not built yet)').action(() => {
    throw new KwsyncError('`kwsync messages` is not built yet');
  });
};
