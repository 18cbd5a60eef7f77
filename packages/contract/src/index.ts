export * from './constants.js';
export * from './messages.js';
export * from './errors.js';
export * from './tasks.js';
export * from './health.js';
export * from './routes.js';
export * from './endpoints.js';
export * from './stats.js';
