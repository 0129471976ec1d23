// The CometChat API client: everything other parts of kwsync call.
export { createClient, queryString } from './client.js';
export type { ClientOptions, CometChatClient, TermsTransport, ApiRequest, ProbeResult } from './client.js';
export { resolveBaseUrls, chatBaseUrl, callsBaseUrl } from './base-urls.js';
export type { BaseUrls } from './base-urls.js';
export type { SettingNames } from './api-errors.js';
export {
  listKeywordLists,
  readKeywordListing,
  getKeywordList,
  findKeywordList,
  createKeywordList,
  updateKeywordList,
  deleteKeywordList,
} from './keywords.js';
export type { UnknownCategoryList } from './keywords.js';
export { keywordListForm } from './keyword-form.js';
export { listGroupMessages, iterateGroupMessages, iterateGroupMessagePages, newestTextMessages, MAX_MESSAGE_LIMIT } from './messages.js';
export type { GroupMessagesQuery, GroupMessagesPage, Message, MessageCursor, PagingOptions } from './messages.js';
export { listCalls, iterateCalls, getCall, CALL_STATUSES, PUBLISHED_STATUS_FILTER } from './calls.js';
export type { CallsQuery, CallsPage, CallsPagination, Call } from './calls.js';
export { createKeywordTarget } from './keyword-target.js';
export { DEFAULT_RETRY_POLICY, writeWithConfirmation } from './retry-policy.js';
export type { RetryPolicy, AttemptEvent } from './retry-policy.js';
export {
  listRules,
  getRule,
  findRule,
  createRule,
  updateRule,
  deleteRule,
  listRuleRevisions,
  isPublishedDefaultRule,
  isRuleNotFound,
  ruleRequestBody,
  readRule,
  PUBLISHED_DEFAULT_RULE_IDS,
  RULE_NOT_FOUND,
} from './rules.js';
export type { LiveRule, RuleCondition, RuleFilter, RuleWrite, RuleRevision, RulesRead, RuleWriteOptions } from './rules.js';
export { listBlockedMessages, approveBlockedMessage, reviewBlockedMessage, readBlockedMessage } from './blocked-messages.js';
export type { BlockedMessage, BlockedMessagesQuery, BlockedMessagesRead } from './blocked-messages.js';
export { DEFAULT_RULE_WRITES } from './client.js';
export type { RuleWriteSettings } from './client.js';
