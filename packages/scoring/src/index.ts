export * from './metrics-meta.js';
