// The default lists CometChat publishes for every app, by what the published description names
// them: the one id its examples show (`profanity-list`, chat-apis.json "List keywords" / "Get
// keyword") and the names of moderation/lists-management.mdx "Default Lists Summary". A list that
// carries one of these is a default list whatever an answer says of `default` or `appId`, so it is
// never planned, written or deleted. Names are compared trimmed and without case: a near-miss is
// still theirs, and kwsync only leaves a list alone by it, never refuses to read one.
const PUBLISHED_DEFAULT_IDS: ReadonlySet<string> = new Set(['profanity-list']);

const PUBLISHED_DEFAULT_NAMES: ReadonlySet<string> = new Set(
  [
    // Text moderation.
    'Profane Words',
    'Platform Circumvention',
    'Spam Detection',
    'Scam Detection',
    'Hate and Harassment Prompt',
    'Explicit Content Prompt',
    'Privacy and Sensitive Info Prompt',
    'Self-Harm Content Prompt',
    'Spam and Scam Prompt',
    'Violent Threats Prompt',
    'Impersonation Prompt',
    'Non-Consensual Content Prompt',
    // Image moderation.
    'Hate or Harassment Prompt',
    'Explicit or Sexual Content Prompt',
    'Graphic Violence Prompt',
    'Privacy or Personal Data Prompt',
    'Minor Safety Prompt',
    'Fraud or Scam Indicators Prompt',
    'Terrorism Prompt',
  ].map(nameKey),
);

function nameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Why a list is one of the published default lists ("the id ...", "the name ..."), or null. */
export function publishedDefaultSign(list: { id?: unknown; name?: unknown }): string | null {
  if (typeof list.id === 'string' && PUBLISHED_DEFAULT_IDS.has(list.id)) return `the id ${JSON.stringify(list.id)}`;
  if (typeof list.name === 'string' && PUBLISHED_DEFAULT_NAMES.has(nameKey(list.name))) return `the name ${JSON.stringify(list.name)}`;
  return null;
}

/** True when the published description names this list (by id or name) as a default list. */
export function isPublishedDefault(list: { id?: unknown; name?: unknown }): boolean {
  return publishedDefaultSign(list) !== null;
}
