// Public surface of the import module.
export { importable, listFilesFor, needsCsv, INLINE_TERMS_MAX, type ListFileText } from './list-files.js';
export { splitManaged, type ManagedSkip } from './managed.js';
export { writeListFiles } from './write-list-files.js';
