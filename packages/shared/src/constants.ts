/** Business constants of docs/product.md, "Constants and filters", shared by the server and the web app. */

export const HOME_PAGE_SIZE = 6;
export const TABLE_PAGE_SIZE = 4;
/** The rows a table may show per page (My Jobs, Responses): the spec's 4 first, the default. */
export const TABLE_PAGE_SIZES = [TABLE_PAGE_SIZE, 10, 25] as const;
export const HOME_SKELETON_CARDS = 6;
export const MY_JOBS_SKELETON = { rows: 7, columns: 6 } as const;
export const MOBILE_BREAKPOINT_PX = 600;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const PERSIST_KEY = 'root';
export const PERSIST_VERSION = 1;
export const PERSIST_REHYDRATE_TIMEOUT_MS = 5000;
export const DEFAULT_JOB_TITLE = 'Web Developer';
/** Served by the app itself, so the product looks right offline. */
export const DEFAULT_AVATAR_URL = '/static/default-avatar.svg';

export const EMPLOYMENT_TYPES = ['Full-time', 'Part-time', 'Temporary', 'Work remotely'] as const;
export const EXPERIENCE_LEVELS = ['No Experience', 'Any Experience', 'Internship', 'Work remotely'] as const;
export const SALARY_TYPES = ['Hourly', 'Monthly', 'Yearly'] as const;

export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];
export type SalaryType = (typeof SALARY_TYPES)[number];

export const SKILL_OPTIONS = [
  { value: 'JavaScript', label: 'JavaScript' },
  { value: 'C++', label: 'C++' },
  { value: 'HTML', label: 'HTML' },
  { value: 'CSS', label: 'CSS' },
  { value: 'React', label: 'React' },
  { value: 'Python', label: 'Python' },
  { value: 'Node', label: 'Node' },
  { value: 'MongoDB', label: 'MongoDB' },
  { value: 'Redux', label: 'Redux' },
] as const;

export type SkillValue = (typeof SKILL_OPTIONS)[number]['value'];

/**
 * Sidebar filter groups (docs/product.md, "Constants and filters"). Each group is single-choice; `value` is what goes in the URL
 * and to `GET /api/job/search`, `label` is what the sidebar shows.
 */
export const LOCATION_OPTIONS = [
  { value: 'london', label: 'London' },
  { value: 'seattle', label: 'Seattle' },
  { value: 'madrid', label: 'Madrid' },
  { value: 'boston', label: 'Boston' },
] as const;

export const SALARY_TYPE_OPTIONS = [
  { value: 'hourly', label: 'Hourly' },
  { value: 'monthly', label: 'Monthly' },
  { value: 'yearly', label: 'Yearly' },
] as const;

export const MAX_PRICE_OPTIONS = [
  { value: '30', label: '< 30000k' },
  { value: '50', label: '< 50000k' },
  { value: '80', label: '< 80000k' },
  { value: '100', label: '< 100000k' },
] as const;

export const POSTED_OPTIONS = [
  { value: '24h', label: 'Last 24 hours' },
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last Month' },
] as const;

export const EXPERIENCE_OPTIONS = [
  { value: 'internship', label: 'Internship' },
  { value: 'work remotely', label: 'Work remotely' },
] as const;

export const EMPLOYMENT_OPTIONS = [
  { value: 'full-time', label: 'Full-time' },
  { value: 'temporary', label: 'Temporary' },
  { value: 'part-time', label: 'Part-time' },
] as const;

export const WORKPLACE_OPTIONS = [
  { value: 'on-site', label: 'On-site' },
  { value: 'hybrid', label: 'Hybrid' },
  { value: 'remote', label: 'Remote' },
] as const;

export const FILTER_GROUPS = {
  location: LOCATION_OPTIONS,
  salaryType: SALARY_TYPE_OPTIONS,
  maxPrice: MAX_PRICE_OPTIONS,
  posted: POSTED_OPTIONS,
  experience: EXPERIENCE_OPTIONS,
  employment: EMPLOYMENT_OPTIONS,
  workplace: WORKPLACE_OPTIONS,
} as const;

export type FilterGroup = keyof typeof FILTER_GROUPS;
export const FILTER_GROUP_NAMES = Object.keys(FILTER_GROUPS) as FilterGroup[];

/** Upper bounds the server enforces on free text (spec: "limits enforced by the server: not shown"). */
export const LIMITS = {
  name: 80,
  username: 40,
  email: 254,
  passwordMin: 8,
  passwordMax: 128,
  url: 2048,
  jobTitle: 120,
  companyName: 120,
  price: 20,
  jobLocation: 100,
  description: 10_000,
  searchQuery: 100,
  maxPage: 10_000,
} as const;
