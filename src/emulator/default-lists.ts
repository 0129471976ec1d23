// The default lists every app has (moderation/lists-management.mdx, "Default Lists Summary"):
// Profane Words, Platform Circumvention, Spam Detection, Scam Detection, eight text "... Prompt"
// lists and seven image "... Prompt" lists. Only the names are published, and one response
// example of one default word list (profanity-list, seed.ts). Ids, categories, terms and shapes
// here are invented, and varied on purpose: a client must set every one of them aside whatever
// it looks like (API-NOTES "Default lists").
import type { SeedKeywordList } from './data-schema.js';
import type { ForeignList } from './keyword-store.js';

/**
 * Which default lists the emulator seeds: `none`; `published` the one default word list of the
 * published example (the default); `all` that, the sentence lists and the Prompt lists in the
 * shapes below.
 */
export const DEFAULT_LIST_SETS = ['none', 'published', 'all'] as const;
export type DefaultListSet = (typeof DEFAULT_LIST_SETS)[number];

/** A default sentence list in the shape the emulator gives its own sentence lists. */
export const DEFAULT_SENTENCE_LISTS: SeedKeywordList[] = [
  {
    id: 'platform-circumvention',
    name: 'Platform Circumvention',
    description: 'Phrases attempting to bypass rules',
    category: 'sentence-similarity',
    searchTerms: ["Hello, let's connect on Whatsapp.", 'Message me on Telegram instead', "Let's continue this off the app, I'll give you a discount"],
    isCSV: false,
    active: true,
    default: true,
  },
];

const at = 1_718_000_000;
const base = (id: string, n = 1) => ({ _id: `default-${id}`.slice(0, 24), appId: 'default', createdAt: at, updatedAt: at, revisionId: `default_${id}_${n}`, active: true, __v: 0 });

/** Default lists in shapes no published example shows: each one different. */
export const FOREIGN_DEFAULT_LISTS: ForeignList[] = [
  // Sentence lists: one with searchTerms instead of disallowedSentences, one with no description.
  { ...base('spam-detection'), id: 'spam-detection', name: 'Spam Detection', description: 'Repetitive/promotional message patterns', category: 'sentence-similarity', isCSV: false, searchTerms: ['Buy now, limited offer', 'Click this link to win'], default: true },
  { ...base('scam-detection'), id: 'scam-detection', name: 'Scam Detection', category: 'sentence-similarity', isCSV: false, disallowedSentences: ['Send me your credit card details', 'Share your OTP with me'], default: true },
  // Text Prompt lists.
  { ...base('hate-and-harassment-prompt'), id: 'hate-and-harassment-prompt', name: 'Hate and Harassment Prompt', category: 'prompt', prompt: 'Flag hate speech, threats and slurs.', default: true },
  { ...base('explicit-content-prompt'), id: 'explicit-content-prompt', name: 'Explicit Content Prompt', category: 'sentence-similarity', disallowedSentences: ['Describe it in explicit detail'], default: true },
  { ...base('privacy-prompt'), id: 'privacy-and-sensitive-info-prompt', name: 'Privacy and Sensitive Info Prompt', category: 'sentence-similarity', searchTerms: ['What is your home address'], default: true },
  { ...base('self-harm-prompt'), id: 'self-harm-content-prompt', name: 'Self-Harm Content Prompt', category: 'sentence-similarity', default: true },
  // `default` absent: only appId says it is the service's.
  { ...base('spam-and-scam-prompt'), id: 'spam-and-scam-prompt', name: 'Spam and Scam Prompt', category: 'prompt', prompt: 'Flag phishing and fraudulent schemes.' },
  { ...base('violent-threats-prompt'), id: 'violent-threats-prompt', name: 'Violent Threats Prompt', category: 'prompt', searchTerms: null, default: null },
  // No name.
  { ...base('impersonation-prompt'), id: 'impersonation-prompt', category: 'prompt', default: true },
  { ...base('non-consensual-prompt'), id: 'non-consensual-content-prompt', name: 'Non-Consensual Content Prompt', category: 'text-prompt', disallowedSentences: null, default: true },
  // Image Prompt lists: a category kwsync does not know, and more missing or odd fields.
  { ...base('hate-or-harassment-img'), id: 'hate-or-harassment-image-prompt', name: 'Hate or Harassment Prompt', category: 'image-prompt', default: true },
  { ...base('explicit-or-sexual-img'), id: 'explicit-or-sexual-content-image-prompt', name: 'Explicit or Sexual Content Prompt', category: 'image-prompt', searchTerms: [], default: true },
  { id: 'graphic-violence-image-prompt', name: 'Graphic Violence Prompt', category: 'image-prompt', default: true },
  { ...base('privacy-or-personal-img'), id: 'privacy-or-personal-data-image-prompt', name: 'Privacy or Personal Data Prompt', category: 'image-prompt', revisionId: null, default: 'true' },
  { ...base('minor-safety-img'), id: 'minor-safety-image-prompt', name: 'Minor Safety Prompt', category: 'image-prompt', searchTerms: 'not, an, array', default: true },
  { ...base('fraud-or-scam-img'), id: 'fraud-or-scam-indicators-image-prompt', name: 'Fraud or Scam Indicators Prompt', category: 'image-prompt', disallowedSentences: [1, 2], default: true },
  { ...base('terrorism-img'), id: 'terrorism-image-prompt', name: 'Terrorism Prompt', default: true },
];

/** The stored lists `set` keeps and adds to `lists` (the seed's or a data file's). */
export function withDefaultLists(lists: readonly SeedKeywordList[], set: DefaultListSet): SeedKeywordList[] {
  if (set === 'none') return lists.filter((l) => !l.default);
  if (set === 'published') return [...lists];
  const ids = new Set(lists.map((l) => l.id));
  return [...lists, ...DEFAULT_SENTENCE_LISTS.filter((l) => !ids.has(l.id))];
}

/** The foreign lists `set` seeds, minus any id the stored lists already use. */
export function foreignDefaultLists(set: DefaultListSet, taken: ReadonlySet<string>): ForeignList[] {
  return set === 'all' ? FOREIGN_DEFAULT_LISTS.filter((l) => !taken.has(l.id)) : [];
}
