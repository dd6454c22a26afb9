/*
 * One schema per contract (docs/principles.md, "Conventions"): the server validates with these, the forms validate with
 * these, and the types are inferred from them. Field names are the spec's, so older clients keep working.
 */
export * from './fields.js';
export * from './account-schemas.js';
export * from './job-schemas.js';
export * from './company-schemas.js';
export * from './search-schemas.js';
export * from './answer-schemas.js';
