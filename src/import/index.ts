// Public surface of the import module.
export { importable, listFilesFor, needsCsv, INLINE_TERMS_MAX, type ListFileText } from './list-files.js';
export { writeListFiles } from './write-list-files.js';
