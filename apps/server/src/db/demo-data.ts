import { EMPLOYMENT_TYPES, EXPERIENCE_LEVELS, SALARY_TYPES, SKILL_OPTIONS, type JobForm } from '@jobboard/shared';

/** Realistic, deterministic content for demo and bulk data. Logos are files under /static/logos/. */

export const COMPANIES = [
  { name: 'Northwind Labs', logo: 'northwind.svg' },
  { name: 'Bluepeak Software', logo: 'bluepeak.svg' },
  { name: 'Cobalt Health', logo: 'cobalt.svg' },
  { name: 'Lumen Analytics', logo: 'lumen.svg' },
  { name: 'Harbor Logistics', logo: 'harbor.svg' },
  { name: 'Fernway Studio', logo: 'fernway.svg' },
  { name: 'Quartz Finance', logo: 'quartz.svg' },
  { name: 'Tidewater Energy', logo: 'tidewater.svg' },
  { name: 'Maple & Co', logo: 'maple.svg' },
  { name: 'Orbit Retail', logo: 'orbit.svg' },
  { name: 'Sable Security', logo: 'sable.svg' },
  { name: 'Kite Education', logo: 'kite.svg' },
] as const;

export const LOCATIONS = ['London', 'Seattle', 'Madrid', 'Boston'] as const;
const EXTRA_LOCATIONS = ['Berlin', 'Toronto', 'Lisbon', 'Austin'] as const;

const ROLES: { title: string; skills: string[]; summary: string }[] = [
  { title: 'Web Developer', skills: ['JavaScript', 'HTML', 'CSS'], summary: 'build and polish the pages thousands of customers use every day' },
  { title: 'Frontend Engineer', skills: ['React', 'JavaScript', 'Redux'], summary: 'own our React front end, from design system to performance budgets' },
  { title: 'Backend Engineer', skills: ['Node', 'MongoDB', 'JavaScript'], summary: 'design APIs and data models that stay fast as we grow' },
  { title: 'Full Stack Developer', skills: ['React', 'Node', 'CSS'], summary: 'ship features end to end, from the database to the browser' },
  { title: 'Python Developer', skills: ['Python', 'MongoDB'], summary: 'write services and data pipelines in modern Python' },
  { title: 'Data Analyst', skills: ['Python'], summary: 'turn raw data into dashboards and decisions' },
  { title: 'Systems Programmer', skills: ['C++'], summary: 'work on low-latency systems where every microsecond counts' },
  { title: 'UI Designer', skills: ['HTML', 'CSS'], summary: 'shape clear, accessible interfaces with our product team' },
  { title: 'React Native Developer', skills: ['React', 'JavaScript'], summary: 'build the mobile app our customers open every morning' },
  { title: 'DevOps Engineer', skills: ['Python', 'Node'], summary: 'keep our deployments boring and our on-call quiet' },
  { title: 'Junior Web Developer', skills: ['HTML', 'CSS', 'JavaScript'], summary: 'learn from senior engineers while shipping real features' },
  { title: 'Software Engineering Intern', skills: ['JavaScript', 'Python'], summary: 'spend a season shipping production code with a mentor' },
  { title: 'QA Automation Engineer', skills: ['JavaScript', 'Node'], summary: 'build the test suites that let us release with confidence' },
  { title: 'Technical Writer', skills: ['HTML'], summary: 'explain our product to developers in clear, friendly prose' },
  { title: 'Engineering Manager', skills: ['Node', 'React'], summary: 'grow a team of six engineers and the way they work' },
];

const PERKS = [
  'Flexible hours and a four-day week in summer.',
  'A yearly learning budget and conference tickets.',
  'Private health insurance for you and your family.',
  'Hybrid work with a bright office near the station.',
  'Equity for every employee and a generous pension.',
  'Twenty-eight days of holiday plus your birthday off.',
];

/** A small deterministic PRNG (mulberry32), so the same seed gives the same data everywhere. */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

const SALARY_RANGES: Record<(typeof SALARY_TYPES)[number], [number, number]> = {
  Hourly: [15, 90],
  Monthly: [2, 12],
  Yearly: [25, 160],
};

export interface GeneratedJob extends JobForm {
  postingDate: string;
}

/** Job `index` of a deterministic stream: spread over the spec's locations, types, levels and skills. */
export function generateJob(random: () => number, today: Date, maxAgeDays: number): GeneratedJob {
  const company = pick(random, COMPANIES);
  const role = pick(random, ROLES);
  const salaryType = pick(random, SALARY_TYPES);
  const [low, high] = SALARY_RANGES[salaryType];
  const min = Math.round(low + random() * (high - low) * 0.6);
  const max = Math.round(min + random() * (high - min));
  const location = random() < 0.85 ? pick(random, LOCATIONS) : pick(random, EXTRA_LOCATIONS);
  const experienceLevel = role.title.includes('Intern') ? 'Internship' : pick(random, EXPERIENCE_LEVELS);
  const employmentType = pick(random, EMPLOYMENT_TYPES);
  const age = Math.floor(Math.pow(random(), 2) * maxAgeDays);
  const postingDate = new Date(today.getTime() - age * 86_400_000).toISOString().slice(0, 10);
  const skills = SKILL_OPTIONS.filter((o) => role.skills.includes(o.value)).map((o) => ({ value: o.value, label: o.label }));
  const description =
    `${company.name} is hiring a ${role.title} in ${location}. You will ${role.summary}. ` +
    `We are a team that values clear writing, careful reviews and calm deadlines. ` +
    `You bring experience with ${role.skills.join(', ')} and curiosity about the people who use what you build. ` +
    pick(random, PERKS);
  return {
    jobTitle: role.title,
    companyName: company.name,
    companyLogo: `/static/logos/${company.logo}`,
    jobLocation: location,
    employmentType,
    experienceLevel,
    salaryType,
    minPrice: `$${min}k`,
    maxPrice: `$${max}k`,
    description,
    skills,
    postingDate,
  };
}

export const DEMO_PASSWORD = 'jobboard-demo';

export const DEMO_USERS = [
  { name: 'Alice Morgan', username: 'alice', email: 'alice@example.com' },
  { name: 'Bob Okafor', username: 'bob', email: 'bob@example.com' },
  { name: 'Carol Nguyen', username: 'carol', email: 'carol@example.com' },
  { name: 'Dan Eriksen', username: 'dan', email: 'dan@example.com' },
] as const;
