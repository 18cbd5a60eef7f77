export * from './metrics-meta.js';
export * from './squad.js';
export * from './model-wrong.js';
export * from './agreement.js';
