// What a compiled list offers: the terms (or patterns) of the list that occur in a text, and where.
export interface Matcher {
  /** Distinct terms or patterns of the list found in `text`, in no particular order. */
  matches(text: string): string[];
  /**
   * Where the list hits `text`, as UTF-16 offsets into `text` itself, in order of start. For
   * showing a caught message with the match marked; `matches` alone decides whether it is caught.
   */
  spans(text: string): MatchSpan[];
}

export interface MatchSpan {
  start: number;
  end: number;
  /** The term or pattern that hit, as the list spells it. */
  term: string;
}

export const bySpanStart = (a: MatchSpan, b: MatchSpan): number => a.start - b.start || b.end - a.end;
