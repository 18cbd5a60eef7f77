export * from './protocol.js';
export * from './baselines.js';
