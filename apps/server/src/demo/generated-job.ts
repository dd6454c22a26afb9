/** What the generator makes: companies and jobs, and the options it takes. */

export interface GeneratedCompany {
  key: string;
  name: string;
  slug: string;
  logo: string;
  website: string;
  description: string;
}

export interface GeneratedJob {
  jobTitle: string;
  companyKey: string;
  city: string;
  country: string;
  workplace: 'on-site' | 'hybrid' | 'remote';
  remoteCountries: string[];
  employmentType: 'Full-time' | 'Part-time' | 'Temporary' | 'Work remotely';
  experienceLevel: 'No Experience' | 'Any Experience' | 'Internship' | 'Work remotely';
  salary: { min: number; max: number; currency: string; period: 'hour' | 'day' | 'week' | 'month' | 'year' } | null;
  skills: string[];
  description: string;
  postingDate: string;
  validThrough: string;
}

export interface GenerateOptions {
  seed?: number;
  now?: Date;
  /** Posting dates spread over this many days before now (default 60). */
  daysBack?: number;
  /** How many companies the jobs belong to (default min(2000, max(20, count / 50))). */
  companies?: number;
}

export type Workplace = GeneratedJob['workplace'];
export type Period = NonNullable<GeneratedJob['salary']>['period'];
export type Employment = GeneratedJob['employmentType'];
export type Experience = GeneratedJob['experienceLevel'];
