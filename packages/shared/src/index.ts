export * from './constants.js';
export * from './messages.js';
export * from './schemas.js';
export * from './salary.js';
export * from './dates.js';
export * from './search-params.js';
export * from './search-url.js';
export * from './routes.js';
