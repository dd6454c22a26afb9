import { countryName } from '@jobboard/shared';

/** How each country pays relative to the United States, in which currency and by which period; country names in a sentence. */

export interface CountryPay {
  currency: string;
  /** Pay relative to the United States for the same job. */
  factor: number;
  /** Share of salaried jobs quoted by the month. */
  monthly: number;
  /** Hourly pay is usual for shift work, part-time and temporary jobs. */
  hourly?: boolean;
}

const EURO = (factor: number, monthly: number, hourly = false): CountryPay => ({
  currency: 'EUR',
  factor,
  monthly,
  hourly,
});

export const COUNTRY_PAY: Readonly<Record<string, CountryPay>> = {
  US: { currency: 'USD', factor: 1, monthly: 0.02, hourly: true },
  CA: { currency: 'CAD', factor: 0.75, monthly: 0.03, hourly: true },
  GB: { currency: 'GBP', factor: 0.8, monthly: 0.05, hourly: true },
  IE: EURO(0.8, 0.05, true),
  AU: { currency: 'AUD', factor: 0.85, monthly: 0.03, hourly: true },
  NZ: { currency: 'NZD', factor: 0.7, monthly: 0.03, hourly: true },
  DE: EURO(0.8, 0.2, true),
  FR: EURO(0.65, 0.3, true),
  NL: EURO(0.8, 0.3, true),
  BE: EURO(0.75, 0.4, true),
  AT: EURO(0.75, 0.4, true),
  FI: EURO(0.7, 0.4, true),
  ES: EURO(0.55, 0.3),
  PT: EURO(0.45, 0.4),
  IT: EURO(0.55, 0.4),
  GR: EURO(0.4, 0.5),
  LU: EURO(0.95, 0.3, true),
  SK: EURO(0.35, 0.6),
  SI: EURO(0.4, 0.6),
  HR: EURO(0.35, 0.6),
  LT: EURO(0.35, 0.6),
  LV: EURO(0.33, 0.6),
  EE: EURO(0.4, 0.6),
  CH: { currency: 'CHF', factor: 1.1, monthly: 0.2, hourly: true },
  SE: { currency: 'SEK', factor: 0.7, monthly: 0.5, hourly: true },
  NO: { currency: 'NOK', factor: 0.8, monthly: 0.3, hourly: true },
  DK: { currency: 'DKK', factor: 0.85, monthly: 0.4, hourly: true },
  PL: { currency: 'PLN', factor: 0.4, monthly: 0.6 },
  CZ: { currency: 'CZK', factor: 0.4, monthly: 0.6 },
  HU: { currency: 'HUF', factor: 0.35, monthly: 0.7 },
  RO: { currency: 'RON', factor: 0.35, monthly: 0.7 },
  UA: { currency: 'UAH', factor: 0.3, monthly: 0.8 },
  TR: { currency: 'TRY', factor: 0.3, monthly: 0.7 },
  IL: { currency: 'ILS', factor: 0.8, monthly: 0.5 },
  AE: { currency: 'AED', factor: 0.7, monthly: 0.6 },
  SA: { currency: 'SAR', factor: 0.6, monthly: 0.6 },
  EG: { currency: 'EGP', factor: 0.12, monthly: 0.7 },
  NG: { currency: 'NGN', factor: 0.12, monthly: 0.7 },
  KE: { currency: 'KES', factor: 0.15, monthly: 0.7 },
  ZA: { currency: 'ZAR', factor: 0.35, monthly: 0.4 },
  IN: { currency: 'INR', factor: 0.25, monthly: 0.4 },
  PK: { currency: 'PKR', factor: 0.12, monthly: 0.7 },
  BD: { currency: 'BDT', factor: 0.12, monthly: 0.8 },
  CN: { currency: 'CNY', factor: 0.4, monthly: 0.6 },
  HK: { currency: 'HKD', factor: 0.75, monthly: 0.6 },
  TW: { currency: 'TWD', factor: 0.45, monthly: 0.5 },
  KR: { currency: 'KRW', factor: 0.55, monthly: 0.3 },
  JP: { currency: 'JPY', factor: 0.55, monthly: 0.3, hourly: true },
  SG: { currency: 'SGD', factor: 0.8, monthly: 0.5 },
  MY: { currency: 'MYR', factor: 0.3, monthly: 0.8 },
  TH: { currency: 'THB', factor: 0.25, monthly: 0.9 },
  ID: { currency: 'IDR', factor: 0.18, monthly: 0.9 },
  PH: { currency: 'PHP', factor: 0.18, monthly: 0.9 },
  VN: { currency: 'VND', factor: 0.15, monthly: 1 },
  BR: { currency: 'BRL', factor: 0.3, monthly: 0.8 },
  MX: { currency: 'MXN', factor: 0.3, monthly: 0.7 },
  AR: { currency: 'ARS', factor: 0.25, monthly: 0.8 },
  CL: { currency: 'CLP', factor: 0.35, monthly: 0.7 },
  CO: { currency: 'COP', factor: 0.25, monthly: 0.8 },
};

/** Countries outside the table pay in US dollars, at a modest level, by the month or the year. */
export const OTHER_COUNTRY_PAY: CountryPay = { currency: 'USD', factor: 0.25, monthly: 0.5 };

/** Where remote jobs most often hire, beside the job's own country. */
export const REMOTE_COUNTRIES = [
  'US',
  'GB',
  'CA',
  'DE',
  'NL',
  'ES',
  'PT',
  'PL',
  'FR',
  'IE',
  'SE',
  'AU',
  'IN',
  'BR',
  'MX',
  'AR',
  'CO',
  'PH',
  'RO',
  'UA',
  'IT',
  'CH',
  'AT',
  'BE',
  'DK',
  'NO',
  'FI',
  'CZ',
  'ZA',
  'NG',
  'KE',
  'JP',
  'SG',
  'NZ',
  'IL',
];

/** Readable English names where the runtime's are formal ('Hong Kong SAR China'), and those that take 'the'. */
const COUNTRY_NAME_OVERRIDES: Readonly<Record<string, string>> = {
  HK: 'Hong Kong',
  MO: 'Macao',
  CD: 'DR Congo',
  CG: 'Republic of the Congo',
  MM: 'Myanmar',
  PS: 'Palestine',
};
const COUNTRIES_WITH_THE = new Set([
  'US',
  'GB',
  'NL',
  'PH',
  'AE',
  'DO',
  'CF',
  'CG',
  'BS',
  'GM',
  'KY',
  'MV',
  'MH',
  'SB',
  'VA',
]);

const countryNames = new Map<string, string>();
export function nameOfCountry(code: string): string {
  let name = countryNames.get(code);
  if (name === undefined) {
    name = (COUNTRY_NAME_OVERRIDES[code] ?? countryName(code)).replace(/ & /g, ' and ');
    countryNames.set(code, name);
  }
  return name;
}

/** A country's name inside a sentence ('the United States', 'Germany'). */
export function countryInSentence(code: string): string {
  return COUNTRIES_WITH_THE.has(code) ? `the ${nameOfCountry(code)}` : nameOfCountry(code);
}
