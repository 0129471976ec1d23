// Public surface of `kwsync init`'s scaffolding.
export { scaffoldFiles, writeScaffold, type ScaffoldFile, type ScaffoldOptions } from './scaffold.js';
export { EXAMPLE_LIST_ID, exampleListText, kwsyncYamlText, schemaHint, type TargetSeed } from './list-templates.js';
export { localUses, remoteUses, WORKFLOW_KINDS, workflowFileName, workflowText, type WorkflowKind } from './workflow-templates.js';
export { chooseActionRef, FULL_SHA, type ActionRef, type ActionRefRequest } from './action-ref.js';
export { BUILD_INFO_FILE, PACKAGE_ROOT, readInstalledCommit, type InstalledCommit } from './installed-commit.js';
export { updateUsesRefs, type RefUpdate } from './update-refs.js';
