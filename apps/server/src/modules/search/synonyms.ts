/**
 * Query-time synonyms: the abbreviations and joined words people type, and what the jobs say instead. A search for
 * one of these words also finds the jobs that say it the other way (an alternative text, matched like the typed one
 * and ranked with it). One way only: "dev" finds "developer", but "developer" must not widen to every word that
 * begins with "dev". Kept short and curated: a wrong synonym is worse than a missing one.
 */
const SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  admin: ['administrator'],
  ai: ['artificial intelligence'],
  backend: ['back end'],
  cna: ['certified nursing assistant'],
  cpa: ['certified public accountant'],
  csharp: ['c#'],
  dev: ['developer'],
  devs: ['developers'],
  dotnet: ['.net'],
  eng: ['engineer'],
  frontend: ['front end'],
  fullstack: ['full stack'],
  golang: ['go'],
  hr: ['human resources'],
  js: ['javascript'],
  jr: ['junior'],
  k8s: ['kubernetes'],
  lpn: ['licensed practical nurse'],
  mgr: ['manager'],
  ml: ['machine learning'],
  nodejs: ['node.js'],
  physio: ['physiotherapist'],
  physiotherapist: ['physical therapist'],
  pm: ['product manager', 'project manager'],
  postgres: ['postgresql'],
  qa: ['quality assurance'],
  rn: ['registered nurse'],
  sr: ['senior'],
  sre: ['site reliability engineer'],
  swe: ['software engineer'],
  ts: ['typescript'],
  ui: ['user interface'],
  ux: ['user experience'],
};

/**
 * Phrases the jobs also write short, or the other way round: the way back from SYNONYMS where that is safe (each
 * alternative word matches words it begins, so "ai" would find "air" and "swe" "Swedish").
 */
const PHRASES: Readonly<Record<string, readonly string[]>> = {
  'certified nursing assistant': ['cna'],
  'certified public accountant': ['cpa'],
  'human resources': ['hr'],
  'licensed practical nurse': ['lpn'],
  'physical therapist': ['physiotherapist'],
  'quality assurance': ['qa'],
  'registered nurse': ['rn'],
  'site reliability engineer': ['sre'],
  'user experience': ['ux'],
};

/** At most this many alternatives a text: each costs a match of its own. */
const ALTERNATIVES_MOST = 4;

/**
 * The other ways of writing `q`: each word with a synonym replaced by it (one word at a time), and each hyphenated
 * word joined ("front-end" -> "frontend"; "front-end" is already the words "front" and "end"), and two words the
 * list knows joined ("front end" -> "frontend").
 */
export function alternativesOf(q: string): string[] {
  const tokens = q.toLowerCase().split(/\s+/).filter(Boolean);
  const found = new Set<string>();
  tokens.forEach((token, i) => {
    const replaced = (by: string) => [...tokens.slice(0, i), by, ...tokens.slice(i + 1)].join(' ');
    for (const synonym of SYNONYMS[token] ?? []) found.add(replaced(synonym));
    if (/^[\p{L}\p{N}]+(-[\p{L}\p{N}]+)+$/u.test(token)) {
      const joined = token.replace(/-/g, '');
      found.add(replaced(joined));
      for (const synonym of SYNONYMS[joined] ?? []) found.add(replaced(synonym));
    }
    // "front end" -> "frontend", where the list knows the joined word as these two.
    const next = tokens[i + 1];
    if (next && SYNONYMS[token + next]?.includes(`${token} ${next}`)) {
      found.add([...tokens.slice(0, i), token + next, ...tokens.slice(i + 2)].join(' '));
    }
    // "ux/ui" -> "ux", "ui": either is what the person looks for ("24/7" and "m/w/d" are no two words).
    const sides = token.split('/');
    if (sides.length > 1 && sides.every((side) => side.length > 1 && !/^\d+$/.test(side))) {
      for (const side of sides) found.add(replaced(side));
    }
  });
  const text = ` ${tokens.join(' ')} `;
  for (const [phrase, others] of Object.entries(PHRASES)) {
    if (!text.includes(` ${phrase} `)) continue;
    for (const other of others) found.add(text.replace(` ${phrase} `, ` ${other} `).trim());
  }
  found.delete(tokens.join(' '));
  return [...found].slice(0, ALTERNATIVES_MOST);
}

/**
 * Related job titles: what a person searching the key would also want, ranked after the titles that hold their own
 * words (relevance's `related` tier) and found only in titles, never in descriptions.
 */
const RELATED: Readonly<Record<string, readonly string[]>> = {
  developer: ['software engineer', 'programmer'],
  developers: ['software engineers', 'programmers'],
};

/** The related titles of `q` (RELATED): each with one word replaced, at most two. */
export function relatedOf(q: string): string[] {
  const tokens = q.toLowerCase().split(/\s+/).filter(Boolean);
  const found = tokens.flatMap((token, i) =>
    (RELATED[token] ?? []).map((other) => [...tokens.slice(0, i), other, ...tokens.slice(i + 1)].join(' ')),
  );
  return found.slice(0, 2);
}
