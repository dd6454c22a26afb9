import type { Experience } from './generated-job.js';
import { cumulative } from './random.js';

/** Seniority levels and the industries companies belong to, with their weights. */

export type LevelName =
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

export interface Level {
  name: LevelName;
  /** Pay relative to the family's mid-level band. */
  pay: number;
  experience: Experience;
}

export const LEVELS: Record<LevelName, Level> = {
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
export const LEVEL_SETS = {
  tech: { Intern: 4, Graduate: 2, Junior: 12, Mid: 42, Senior: 25, Lead: 6, Staff: 3, Principal: 3, Head: 3 },
  office: { Intern: 4, Graduate: 2, Junior: 14, Mid: 50, Senior: 20, Lead: 6, Head: 4 },
  manager: { Mid: 70, Senior: 25, Head: 5 },
  architect: { Mid: 65, Senior: 25, Principal: 10 },
  clinical: { Graduate: 6, Mid: 64, Senior: 25, Head: 5 },
  teaching: { Trainee: 8, Mid: 62, Senior: 22, Head: 8 },
  trade: { Apprentice: 12, Mid: 62, Senior: 16, Lead: 10 },
  service: { Trainee: 5, Mid: 83, Senior: 5, Lead: 7 },
} satisfies Record<string, Partial<Record<LevelName, number>>>;

export type LevelSet = keyof typeof LEVEL_SETS;

// ---------------------------------------------------------------------------------------------------------------
// Industries and companies

export type Industry =
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

export const INDUSTRIES: Record<Industry, IndustryData> = {
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

export const INDUSTRY_KEYS = Object.keys(INDUSTRIES) as Industry[];
export const INDUSTRY_SUMS = cumulative(INDUSTRY_KEYS.map((key) => INDUSTRIES[key].weight));
