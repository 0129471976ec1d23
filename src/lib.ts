// The library entry (the package's "." export, e.g. createClient): what a TypeScript program needs to
// do what the CLI does, typed. The CLI and the Action are shells over these same functions.
// Everything here is stable API; anything not exported here is internal and may change.

// The CometChat client: one function per API call, the client passed in (STYLE 6).
export { createClient, resolveBaseUrls, chatBaseUrl, callsBaseUrl } from './api/index.js';
export type { ClientOptions, CometChatClient, BaseUrls } from './api/index.js';

// Moderation keyword lists.
export {
  listKeywordLists,
  readKeywordListing,
  getKeywordList,
  findKeywordList,
  createKeywordList,
  updateKeywordList,
  deleteKeywordList,
  createKeywordTarget,
} from './api/index.js';
export type { UnknownCategoryList } from './api/index.js';

// Group messages: every query parameter of the API, typed (GroupMessagesQuery).
export { listGroupMessages, iterateGroupMessages, iterateGroupMessagePages, newestTextMessages, MAX_MESSAGE_LIMIT } from './api/index.js';
export type { GroupMessagesQuery, GroupMessagesPage, Message, MessageCursor, PagingOptions } from './api/index.js';

// Calls.
export { listCalls, iterateCalls, getCall, CALL_STATUSES, PUBLISHED_STATUS_FILTER } from './api/index.js';
export type { CallsQuery, CallsPage, CallsPagination, Call } from './api/index.js';

// The list model.
export { CATEGORIES, revisionNumber } from './model/keyword-list.js';
export type { Category, KeywordList, DesiredList, LiveKeywordList, ListSource } from './model/keyword-list.js';
export type { KeywordTarget, LiveListing } from './model/target.js';
export type { Diagnostic, Severity } from './model/diagnostic.js';
export { DEFAULT_CONFIG, REGIONS } from './model/config.js';
export type { KwsyncConfig, Region, Limits, ServiceConfig } from './model/config.js';

// Load and validate a keywords folder (every problem located: file, line, column, rule).
export { validateRepo, renderDiagnosticsText, renderSummary } from './validate/index.js';
export type { RepoValidation, ValidateOptions } from './validate/index.js';

// The plan: desired (validated files) against live (the service), as plain data.
export { computePlan, readLiveLists, renderPlanText, renderPlanMarkdown, renderPlanJson, planHasChanges, unsafeReasons } from './plan/index.js';
export type { PlanOptions, LiveLists } from './plan/index.js';
export type { Plan, ListChange, ChangeKind, FieldChange, UnmanagedList } from './model/plan.js';

// Errors: every failure is a KwsyncError with a hint; ApiError keeps status, code and request id.
export { KwsyncError, ApiError, UsageError, ConfigError, ValidationError, RefusedPlanError, EXIT } from './errors.js';
export type { ExitCode } from './errors.js';
