// PLACEHOLDER: replaced by the helper who owns the `import` command.
import { KwsyncError } from '../../errors.js';
import type { RegisterCommand } from './index.js';

export const register: RegisterCommand = (program) => {
  program.command('import').description('(not built yet)').action(() => {
    throw new KwsyncError('`kwsync import` is not built yet');
  });
};
