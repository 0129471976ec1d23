// Public surface of the import module.
export { importable, listFilesFor, needsCsv, INLINE_TERMS_MAX, type ListFileText } from './list-files.js';
export { splitManaged, type ManagedSkip } from './managed.js';
export { writeListFiles } from './write-list-files.js';
export { assertWritable, mergeLiveList, type ListMerge } from './merge-live-list.js';
export { mergeListFileText, type LiveFields, type TermsChange } from './merge-list-file.js';
export { mergeTermsCsvText } from './merge-terms-csv.js';
export { importListsById, type ListImportOutcome } from './import-lists.js';
export { importNotes } from './import-notes.js';
export { importableRuleId, ruleFileFor, type RuleFileText } from './rule-files.js';
