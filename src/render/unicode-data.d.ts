// Types for the Unicode data packages that ship none.
declare module 'unicode-name' {
  /** The character's name with Unicode's corrections applied (`CYRILLIC SMALL LETTER ES`), or undefined. */
  export function unicodeCorrectName(char: string): string | undefined;
  /** A name, or for a character without one (a control) its label or alias. */
  export function unicodeReadableName(char: string): string | undefined;
}

declare module 'unicode-match-property-value-ecmascript/data/mappings.js' {
  /** Property name -> (alias or canonical value -> canonical value), e.g. Script: Cyrl -> Cyrillic. */
  const mappings: Map<string, Map<string, string>>;
  export default mappings;
}
