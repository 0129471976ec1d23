// The labelled sentence corpus kwsync calibrates its similarity thresholds with (written for kwsync,
// in English): disallowed sentences with a near-duplicate variant and paraphrases each, hard
// negatives that share their words, a neutral set of everyday chat, and too-generic list sentences.
// JSON data beside this file, imported (not read from disk) so the npm build and the Action bundle
// carry it; loaded on first use only, by the code that runs the sentence model.

export interface CorpusTopic {
  topic: string;
  /** What a team would put in a sentence-similarity list. */
  sentence: string;
  /** The same sentence trivially reworded: a near-duplicate. */
  variant: string;
  /** The same meaning in other words, as users type it: the messages the list must catch. */
  paraphrases: string[];
}

export interface Corpus {
  topics: CorpusTopic[];
  /** Ordinary chat on the topics' subjects and words, which must not be caught. */
  hardNegatives: { topic: string; text: string }[];
  /** Everyday chat with no moderation topic. */
  neutral: string[];
  /** List sentences that say too little (calibrate `sentence-generic`). */
  generic: string[];
}

export async function loadCorpus(): Promise<Corpus> {
  const [disallowed, hard, neutral, generic] = await Promise.all([
    import('./disallowed.json', { with: { type: 'json' } }),
    import('./hard-negatives.json', { with: { type: 'json' } }),
    neutralReference(),
    import('./generic.json', { with: { type: 'json' } }),
  ]);
  return { topics: disallowed.default.topics, hardNegatives: hard.default.messages, neutral, generic: generic.default.sentences };
}

/** The neutral reference set alone (what validate needs at run time). */
export async function neutralReference(): Promise<string[]> {
  return (await import('./neutral.json', { with: { type: 'json' } })).default.messages;
}
