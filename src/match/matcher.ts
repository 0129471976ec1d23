// What a compiled list offers: the terms (or patterns) of the list that occur in a text.
export interface Matcher {
  /** Distinct terms or patterns of the list found in `text`, in no particular order. */
  matches(text: string): string[];
}
