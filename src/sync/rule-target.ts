// The app's moderation rules as the RuleTarget plan and apply take (src/model/target.ts), over the
// typed rules client (src/api/rules.ts): one listing per read, GET by id answering undefined for a
// rule the service does not have.
import { createRule, deleteRule, findRule, listRules, updateRule, type CometChatClient } from '../api/index.js';
import type { RuleTarget } from '../model/target.js';

export function createRuleTarget(client: CometChatClient): RuleTarget {
  return {
    listRules: () => listRules(client),
    getRule: (id) => findRule(client, id),
    createRule: (rule) => createRule(client, rule),
    updateRule: (_id, rule) => updateRule(client, rule),
    deleteRule: (id) => deleteRule(client, id),
  };
}
