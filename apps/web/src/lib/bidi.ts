/**
 * What a person wrote (a name, a company, a job title) or an identifier (a time zone) set into a translated
 * sentence, as an isolated run: Unicode's first-strong isolate (U+2068) and its end (U+2069), the plain-text
 * `<bdi>`. A Latin name in an Arabic sentence keeps its own order and leaves the sentence's alone; names cannot
 * hold these characters themselves (shared `names.ts` refuses them), so a run is always ours.
 */
export const isolated = (text: string): string => `\u2068${text}\u2069`;
