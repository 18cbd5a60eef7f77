import { type AppDeps } from '../platform/app-types.js';

/** What a job handler may use: the same services as the web role, without HTTP. */
export type JobDeps = Pick<AppDeps, 'config' | 'db' | 'log' | 'mailer' | 'storage' | 'queue'>;
