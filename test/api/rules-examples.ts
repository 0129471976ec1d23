// The published rules examples (chat-apis.json @ 0384fbab, "List Rules", "Get Rule Revisions", "List
// Blocked Messages") as the client tests read them, and the published request bodies of the
// rule-management page (cometchat-moderation-rules.md). Fresh copies each call.
// Regex values of the two pattern rules are shortened; everything else is as published.

const listRules = {
  data: [
    { id: 'moderation-test', name: 'Video Moderation', description: 'AI-powered video moderation to detect unsafe content.', enabled: true,
      conditions: [{ id: 1, isKeywordsReferencePresent: false, isMediaPresent: true, entity: 'message', operand: 'image', category: 'word', operator: 'contains', value: ['violence_greaterThan_30'], message: ['Image contains violence with confidence greater than 30'] }],
      action: ['blockMessage'], active: true, createdAt: 1720003247, updatedAt: 1720003247, revisionId: '253179cf5f665257_moderation-test_1' },
    { id: 'video-moderation1', name: 'Video Moderation', description: 'AI-powered video moderation to detect unsafe content.', enabled: true,
      conditions: [{ id: 1, isKeywordsReferencePresent: false, isMediaPresent: true, entity: 'message', operand: 'image', category: 'word', operator: 'contains', value: ['violence_greaterThan_30'], message: ['Image contains violence with confidence greater than 30'] }],
      action: ['blockMessage'], active: true, createdAt: 1720000488, updatedAt: 1720000488, revisionId: '253179cf5f665257_video-moderation1_1' },
    { id: 'text-profanity-filter', name: 'Text Profanity filter', description: 'Detect and censor profanity in text messages.', enabled: true,
      conditions: [{ id: 1, isKeywordsReferencePresent: true, isMediaPresent: false, entity: 'message', operand: 'text', category: 'word', operator: 'contains', value: ['profanity-list'] }],
      action: ['blockMessage'], active: true, createdAt: 1718355386, updatedAt: 1720006272, revisionId: '253157108b5294c4_profanity-filter_25', default: true },
    { id: 'image-moderation', name: 'AI Image Moderation', description: 'AI-powered image moderation to detect unsafe content.', enabled: false,
      conditions: [{ id: 1, isKeywordsReferencePresent: false, isMediaPresent: true, entity: 'message', operand: 'image', category: 'word', operator: 'contains', value: ['AnyOf_greaterThan_30'] }],
      action: ['blockMessage'], active: true, createdAt: 1718350200, updatedAt: 1719932600, revisionId: '253157108b5294c4_image-moderation_11', default: true },
    { id: 'video-moderation', name: 'AI Video Moderation', description: 'AI-powered video moderation to detect unsafe content.', enabled: false,
      conditions: [{ id: 1, isKeywordsReferencePresent: false, isMediaPresent: true, entity: 'message', operand: 'video', category: 'word', operator: 'contains', value: ['AnyOf_greaterThan_30'] }],
      action: ['dropMessage'], active: true, createdAt: 1718350199, updatedAt: 1720006008, revisionId: '253157108b5294c4_video-moderation_10', default: true },
    { id: 'custom-profanity-filter', name: 'Custom Profanity filter', description: 'Detect and censor profanity in custom messages.', enabled: false,
      conditions: [{ id: 1, isListReferencePresent: true, isMediaPresent: false, entity: 'message', operand: 'custom', category: 'word', operator: 'contains', value: ['profanity-list'] }],
      action: ['dropMessage'], active: true, createdAt: 1718341200, updatedAt: 1719819136, revisionId: '253157108b5294c4_profanity-filter_8', default: true },
    { id: 'contact_details_filter', name: 'Contact details filter', description: 'Identifies and removes phone numbers from text', enabled: false,
      conditions: [
        { id: 1, isKeywordsReferencePresent: false, isMediaPresent: false, entity: 'message', operand: 'text', category: 'pattern', operator: 'contains', value: ['\\\\+?(\\\\d{1,3})?'] },
        { id: 2, isKeywordsReferencePresent: false, isMediaPresent: false, entity: 'message', operand: 'custom', category: 'pattern', operator: 'contains', value: ['\\\\+?(\\\\d{1,3})?'] },
      ],
      action: ['blockMessage'], active: true, createdAt: 1718186338, updatedAt: 1719836048, revisionId: '2531882e5e289115_contact_details_filter_3', default: true },
    { id: 'email_filter', name: 'Email filter', description: 'Identify and remove email address from messages', enabled: false,
      conditions: [
        { id: 1, isKeywordsReferencePresent: false, isMediaPresent: false, entity: 'message', operand: 'text', category: 'pattern', operator: 'contains', value: ['^{a-zA-Z0-9._%+-}+@'] },
        { id: 2, isKeywordsReferencePresent: false, isMediaPresent: false, entity: 'message', operand: 'custom', category: 'pattern', operator: 'contains', value: ['^{a-zA-Z0-9._%+-}+@'] },
      ],
      action: ['blockMessage'], active: true, createdAt: 1718099938, updatedAt: 1719836049, revisionId: '2531882e5e289115_contact_email_filter_5', default: true },
  ],
  meta: { current: { limit: 50, count: 8 } },
};

const revisions = {
  data: [
    { id: 'moderation-test', name: 'Video Moderation', description: 'AI-powered video moderation to detect unsafe content.', enabled: true,
      conditions: [{ id: 1, isKeywordsReferencePresent: false, isMediaPresent: false, entity: 'message', operand: 'text', category: 'word', operator: 'equals', value: ['paris'] }],
      action: ['blockMessage'], active: true, createdAt: 1720011899, updatedAt: 1720011905, revisionId: '253179cf5f665257_moderation-test_2' },
    { id: 'moderation-test', name: 'Video Moderation', description: 'AI-powered video moderation to detect unsafe content.', enabled: true,
      conditions: [{ id: 1, isKeywordsReferencePresent: false, isMediaPresent: true, entity: 'message', operand: 'image', category: 'word', operator: 'contains', value: ['violence_greaterThan_30'], message: ['Image contains violence with confidence greater than 30'] }],
      action: ['blockMessage'], active: false, createdAt: 1720011899, updatedAt: 1720011899, revisionId: '253179cf5f665257_moderation-test_1' },
  ],
  meta: { current: { limit: 10, count: 2 } },
};

const blocked = {
  data: [
    {
      ruleId: 'image-moderation', ruleName: 'AI Image Moderation', revisionId: '253156be20433c97_image-moderation_4',
      condition: { id: 1, isKeywordsReferencePresent: false, isMediaPresent: true, entity: 'message', operand: 'image', category: 'word', operator: 'contains', value: ['Any unsafe content_greaterThan_70'], message: ['Image contains Any unsafe content with confidence greater than 70'], weight: 1 },
      message: {
        id: '65', muid: '_5zytzmceo', conversationId: 'cometchat-uid-1_user_cometchat-uid-2', sender: 'cometchat-uid-1', receiverType: 'user', receiver: 'cometchat-uid-2', category: 'message', type: 'image',
        data: { url: 'https://data-eu.cometchat.io/2601293c931567f7/media/1719993037.jpeg', attachments: [{ name: 'download.jpeg', extension: 'jpeg', size: 4761, mimeType: 'image/jpeg', url: 'https://data-eu.cometchat.io/2601293c931567f7/media/1719993037.jpeg' }], entities: {}, moderation: { status: 'pending' } },
        sentAt: 1719993037, updatedAt: 1719993037,
      },
      action: ['blockMessage'], createdAt: 1719993038, updatedAt: 1719993038,
    },
  ],
  meta: { current: { limit: 50, count: 20 } },
};

/** The published request body of the update-rule curl ([R]): the singular flag, `value` a string. */
const requestBody = {
  id: 'moderation-test', name: 'Video Moderation', description: 'AI-powered video moderation to detect unsafe content.', enabled: true, action: ['blockMessage'],
  filters: [{ type: 'sender', entity: 'user', operand: 'uid', operator: 'equals', value: 'admin' }],
  conditions: [{ id: 1, entity: 'message', operand: 'image', operator: 'contains', category: 'word', isKeywordReferencePresent: false, isMediaPresent: true, value: 'violence_greaterThan_30' }],
};

/** A reviewed item's condition ([R0]): `category: "toxicity"`, `message` a plain string, revision `default_toxicity_1`. */
const toxicityCondition = { id: 1, isKeywordsReferencePresent: false, isMediaPresent: false, entity: 'message', operand: 'text', category: 'toxicity', operator: 'contains', value: ['toxicity_greaterThan_70'], message: 'Message is toxic', weight: 1 };

const EXAMPLES = { listRules, revisions, blocked, requestBody, toxicityCondition };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON as published
export function rulesExample(name: keyof typeof EXAMPLES): any {
  return structuredClone(EXAMPLES[name]);
}
