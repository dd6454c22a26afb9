/**
 * The few texts of packages/shared/src/messages.ts that the home page's first load needs, copied here so the
 * entry does not carry the whole MESSAGES object (about 1 KB gzipped of a 105 KB budget,
 * docs/decisions/0008-web-app-size.md): bundlers keep an object whole, not the properties read from it.
 * first-paint-messages.test.ts checks every one still equals its MESSAGES original.
 */
export const FIRST_PAINT_MESSAGES = {
  noDataFound: 'No Data Found !',
  logFetchJobsData: 'Error fetching jobs data',
  serverError: 'Something went wrong on our side. Please try again.',
  databaseUnavailable: 'The service is temporarily unavailable. Please try again shortly.',
} as const;
