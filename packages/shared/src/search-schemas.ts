import { z } from './zod.js';
import {
  EMPLOYMENT_OPTIONS,
  EXPERIENCE_OPTIONS,
  FILTER_GROUP_NAMES,
  LIMITS,
  MAX_PRICE_OPTIONS,
  POSTED_OPTIONS,
  SALARY_TYPE_OPTIONS,
  WORKPLACE_OPTIONS,
  type FilterGroup,
} from './constants.js';
import { JOB_LANGUAGES } from './languages.js';
import { JOB_MODEL_LIMITS, RADIUS_MAX_KM, JOB_SORTS } from './job-model.js';
import { jobSummarySchema } from './job-schemas.js';

// The search: its query, suggestions, facets and results; the spec's write acknowledgements.

export const suggestQuerySchema = z.strictObject({
  q: z
    .string()
    .normalize('NFKC')
    .trim()
    .max(JOB_MODEL_LIMITS.skillChars, { error: `q must be at most ${JOB_MODEL_LIMITS.skillChars} characters` })
    .default(''),
});
/** GET /api/places: `countries=first` puts the countries the text begins before the cities (the search's "where"). */
export const placeQuerySchema = suggestQuerySchema.extend({
  countries: z.enum(['first'], { error: 'countries must be first' }).optional(),
});
export const skillSuggestionsSchema = z.array(
  z.object({ value: z.string(), label: z.string(), count: z.number().int() }),
);
export const placeSuggestionsSchema = z.array(
  z.object({
    city: z.string().describe('Empty for a country (countries=first)'),
    country: z.string(),
    countryName: z.string(),
    region: z.string().describe("The region's name ('Ohio', 'Ontario') where known, else empty"),
    population: z.number().int(),
  }),
);
export type PlaceSuggestion = z.infer<typeof placeSuggestionsSchema>[number];

/** The search box's completions (GET /api/job/suggest): titles, skills and companies of open jobs, most jobs first. */
export const SEARCH_SUGGESTION_KINDS = ['title', 'skill', 'company'] as const;
export const searchSuggestionSchema = z.object({
  kind: z.enum(SEARCH_SUGGESTION_KINDS),
  /** What goes into the search box ("what"). */
  value: z.string(),
  label: z.string(),
  /** Open jobs with it. */
  count: z.number().int(),
  /** A company's page (/company/:slug); companies only. */
  slug: z.string().optional(),
});
export const searchSuggestionsSchema = z.array(searchSuggestionSchema);
export type SearchSuggestion = z.infer<typeof searchSuggestionSchema>;

/** The spec's write acknowledgements (MongoDB's shape, kept for old clients). */
export const insertAckSchema = z.object({ acknowledged: z.literal(true), insertedId: z.string() });
export const updateAckSchema = z.object({ acknowledged: z.literal(true), modifiedCount: z.number().int() });
export const deleteAckSchema = z.object({ acknowledged: z.literal(true), deletedCount: z.number().int() });
export type WriteAck =
  z.infer<typeof insertAckSchema> | z.infer<typeof updateAckSchema> | z.infer<typeof deleteAckSchema>;

const optionValues = <T extends readonly { value: string }[]>(options: T) =>
  options.map((o) => o.value) as unknown as [T[number]['value'], ...T[number]['value'][]];

const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v);
const emptyToUndefined = (v: unknown) => (v === '' || v === 'all' || v === 'any' ? undefined : v);
const filterValue = <T extends readonly { value: string }[]>(label: string, options: T) =>
  z.preprocess(
    (v) => emptyToUndefined(lower(v)),
    z
      .enum(optionValues(options), {
        error: `${label} must be one of ${options.map((o) => o.value).join(', ')}`,
      })
      .optional(),
  );

const optionalText = (label: string, max: number) =>
  z
    .string()
    .normalize('NFKC')
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .transform((v) => (v ? v : undefined))
    .optional();

/** Country filters check the shape only (an unknown code matches nothing); job writes check the list. */
const countryFilter = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, { error: `${label} must be a two-letter country code` })
      .transform((v) => v.toUpperCase())
      .optional(),
  );

export const searchQuerySchema = z.strictObject({
  /** "What": title, company, skills and description words; the title counts most. */
  q: optionalText('Search text', LIMITS.searchQuery),
  /** "Where": a city, a country (name or code), "City, Country", or "remote". */
  where: optionalText('where', LIMITS.searchQuery),
  // The spec's four cities are the sidebar's options; any city is a valid value.
  location: z.preprocess((v) => emptyToUndefined(lower(v)), optionalText('location', JOB_MODEL_LIMITS.city)),
  salaryType: filterValue('salaryType', SALARY_TYPE_OPTIONS),
  maxPrice: filterValue('maxPrice', MAX_PRICE_OPTIONS),
  posted: filterValue('posted', POSTED_OPTIONS),
  experience: filterValue('experience', EXPERIENCE_OPTIONS),
  employment: filterValue('employment', EMPLOYMENT_OPTIONS),
  workplace: filterValue('workplace', WORKPLACE_OPTIONS),
  skill: z.preprocess((v) => emptyToUndefined(lower(v)), optionalText('skill', JOB_MODEL_LIMITS.skillChars)),
  country: countryFilter('country'),
  /** Remote jobs open to applicants in this country (or anywhere). */
  remoteCountry: countryFilter('remoteCountry'),
  /** Jobs written in this language. */
  language: z.preprocess(
    (v) => emptyToUndefined(lower(v)),
    z.enum(JOB_LANGUAGES, { error: `language must be one of ${JOB_LANGUAGES.join(', ')}` }).optional(),
  ),
  /** With a city in `where`: the jobs within this many kilometres of it instead of the city's own. */
  radius: z.preprocess(
    (v) => emptyToUndefined(v),
    z.coerce
      .number({ error: 'radius must be a whole number of kilometres' })
      .int({ error: 'radius must be a whole number of kilometres' })
      .min(1, { error: 'radius must be at least 1 km' })
      .max(RADIUS_MAX_KM, { error: `radius must be at most ${RADIUS_MAX_KM} km` })
      .optional(),
  ),
  /** With a radius: also the remote jobs open to people in the city's country. */
  withRemote: z.preprocess(
    (v) => emptyToUndefined(v),
    z.enum(['1', 'true', '0', 'false'], { error: 'withRemote must be true or false' }).optional(),
  ),
  /** Pay at least this much a year, in US dollars (jobs whose range reaches it). */
  payMin: z.preprocess(
    (v) => emptyToUndefined(v),
    z.coerce
      .number({ error: 'payMin must be a whole number' })
      .int({ error: 'payMin must be a whole number' })
      .min(0, { error: 'payMin must not be negative' })
      .max(10_000_000, { error: 'payMin must be at most 10000000' })
      .optional(),
  ),
  sort: filterValue(
    'sort',
    JOB_SORTS.map((value) => ({ value })),
  ),
  /**
   * How "what" meets titles: `text`, the spec's, also finds it inside a word ("rn" in "Intern"); `words` finds
   * whole words and their beginnings only, which the web app asks for. Both find every other match alike.
   */
  match: z.preprocess(
    (v) => emptyToUndefined(lower(v)),
    z.enum(['text', 'words'], { error: 'match must be text or words' }).optional(),
  ),
  page: z.coerce
    .number({ error: 'page must be a whole number' })
    .int({ error: 'page must be a whole number' })
    .min(1, { error: 'page must be at least 1' })
    .max(LIMITS.maxPage, { error: `page must be at most ${LIMITS.maxPage}` })
    .default(1),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;
export type SearchFilters = Pick<SearchQuery, FilterGroup>;

/** For every filter group, how many jobs each option would match with the other current filters. */
export const facetsSchema = z.object(
  Object.fromEntries(FILTER_GROUP_NAMES.map((group) => [group, z.record(z.string(), z.number().int())])) as Record<
    FilterGroup,
    z.ZodRecord<z.ZodString, z.ZodNumber>
  >,
);
export type Facets = Record<FilterGroup, Record<string, number>>;

/** The most common places and skills of the current results, most common first. */
export const topFacetsSchema = z.object({
  places: z.array(z.object({ city: z.string(), country: z.string(), count: z.number().int() })),
  skills: z.array(z.object({ value: z.string(), label: z.string(), count: z.number().int() })),
});
export type TopFacets = z.infer<typeof topFacetsSchema>;

export const searchResultSchema = z.object({
  items: z.array(jobSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  facets: facetsSchema,
  topFacets: topFacetsSchema,
  totalIsEstimate: z
    .boolean()
    .describe(
      'true when the matches are too many to count at once: total is then an estimate from a sample of the open jobs, within 10% of the exact figure',
    ),
  facetsAreEstimates: z
    .boolean()
    .describe(
      'true when the facet and top place and skill counts are estimates from that sample (an option with few matches may then show 0)',
    ),
  sort: z.enum(JOB_SORTS).describe('The order the items are in'),
  correctedQuery: z
    .string()
    .optional()
    .describe(
      'The text with its misspelt words corrected ("devloper" -> "developer"), when any were: its matches follow those of the text as typed',
    ),
  relaxedQuery: z
    .string()
    .optional()
    .describe(
      'When no job holds every word of the text: the words these results hold instead (the words no job has, then the most common ones, left out), e.g. "software engineer" for "senior software engineer golang"',
    ),
  featured: z
    .array(jobSummarySchema)
    .optional()
    .describe(
      'Up to two featured jobs that match the search, for the top of this page (labelled "Featured"); they may also be among the items',
    ),
  unknownPlace: z
    .object({ where: z.string(), suggestions: z.array(z.string()) })
    .optional()
    .describe(
      'When nothing matched and "where" names no known place: the places nearest in name, each as a "where" text ("Seattle, WA")',
    ),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
