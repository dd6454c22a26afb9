/*
 * Countries for the web app without i18n-iso-countries: that package (about 8 KB gzipped with its name tables)
 * would land on the home page's first load through the shared `countries.ts`, which imports it for the server's
 * checks (docs/decisions/0008-web-app-size.md). The codes are its ISO 3166-1 alpha-2 list, two letters each;
 * names come from the browser's own Intl.DisplayNames. countries.test.ts checks both against packages/shared.
 */
import { countryName } from '@jobboard/shared';

const CODES =
  'ADAEAFAGAIALAMAOAQARASATAUAWAXAZBABBBDBEBFBGBHBIBJBLBMBNBOBQBRBSBTBVBWBYBZCACCCDCFCGCHCICKCLCMCNCOCRCUCVCWCXCYCZDEDJDKDMDODZECEEEGEHERESETFIFJFKFMFOFRGAGBGDGEGFGGGHGIGLGMGNGPGQGRGSGTGUGWGYHKHMHNHRHTHUIDIEILIMINIOIQIRISITJEJMJOJPKEKGKHKIKMKNKPKRKWKYKZLALBLCLILKLRLSLTLULVLYMAMCMDMEMFMGMHMKMLMMMNMOMPMQMRMSMTMUMVMWMXMYMZNANCNENFNGNINLNONPNRNUNZOMPAPEPFPGPHPKPLPMPNPRPSPTPWPYQARERORSRURWSASBSCSDSESGSHSISJSKSLSMSNSOSRSSSTSVSXSYSZTCTDTFTGTHTJTKTLTMTNTOTRTTTVTWTZUAUGUMUSUYUZVAVCVEVGVIVNVUWFWSXKYEYTZAZMZW';

/** Every ISO 3166-1 alpha-2 code the server accepts, in code order. */
export const COUNTRY_CODES: readonly string[] = CODES.match(/../g) ?? [];

/** 'DE' -> 'Germany': the shared `countryName` (English, the app's language), the code itself when it has no name. */
export const countryLabel = (code: string): string => countryName(code);

export interface CountryOption {
  code: string;
  name: string;
}

let sorted: CountryOption[] | undefined;
/** Every country as { code, name }, sorted by name: the options of country pickers. */
export function countryOptions(): readonly CountryOption[] {
  sorted ??= COUNTRY_CODES.map((code) => ({ code, name: countryLabel(code) })).sort((a, b) =>
    a.name.localeCompare(b.name, 'en'),
  );
  return sorted;
}
