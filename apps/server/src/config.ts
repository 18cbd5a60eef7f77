import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Folders of the checkout, found from this module (works from src/ and from dist/). */
const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(here, '../../..');

const roles = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((r) => r.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(['web', 'worker'])).min(1));

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
    .optional(),
  DATA_DIR: z.string().default('var'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).default(54329),
  ROLES: roles.default(['web', 'worker']),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: flag.default(true),
  PUBLIC_URL: z.string().url().optional(),
  WEB_DIST: z.string().optional(),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(500).default(20),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TRUST_PROXY: flag.default(false),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Dynaloop <no-reply@dynaloop.local>'),
  FEATURE_BETA_LOGIN: flag.default(false),
  BETA_INVITE_CODES: z.string().default(''),
  FEATURE_FORK: flag.default(true),
  FEATURE_SNAPSHOT: flag.default(true),
  FEATURE_DYNABOARD: flag.default(true),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((o) => o.trim().replace(/\/+$/, ''))
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^https?:\/\/[^/?#\s]+$/,
            'must be origins (scheme://host[:port]), separated by commas',
          ),
      ),
    ),
  UPLOAD_AVATAR_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(5 * 1024 * 1024),
  UPLOAD_DATASET_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(100 * 1024 * 1024),
  UPLOAD_CONTEXTS_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(100 * 1024 * 1024),
  EVAL_HEARTBEAT_MS: z.coerce.number().int().min(50).max(600_000).default(5_000),
  EVAL_STALE_MS: z.coerce.number().int().min(200).max(3_600_000).default(30_000),
  EVAL_SWEEP_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
});

/** Every environment variable the server reads (the README's configuration table lists each). */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape);

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  databaseUrl: string | undefined;
  dataDir: string;
  embeddedPgPort: number;
  roles: Array<'web' | 'worker'>;
  logLevel: string;
  seedDemo: boolean;
  publicUrl: string | undefined;
  webDist: string;
  dataFolder: string;
  dbPoolMax: number;
  /** Signing secret of access tokens; generated into DATA_DIR in the embedded mode. */
  jwtSecret: string | undefined;
  trustProxy: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  flags: { beta_login: boolean; fork: boolean; snapshot: boolean; dynaboard: boolean };
  betaInviteCodes: string[];
  /** Origins other than our own that may call the API from a browser (with credentials). */
  corsOrigins: string[];
  /** Largest upload accepted by each upload route, in bytes: a longer body is cut there. */
  uploadLimits: { avatar: number; dataset: number; contexts: number };
  /** Evaluation workers: heartbeat period, when a silent job is taken back, sweep period. */
  evaluation: { heartbeatMs: number; staleMs: number; sweepMs: number };
}

export class ConfigError extends Error {}

/** The only reader of process.env. Fails fast with every problem listed. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Record<string, string>> = {},
): Config {
  const parsed = envSchema.safeParse({ ...env, ...overrides });
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (i) => `  - ${i.path.join('.') || 'env'}: ${i.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  if (e.DATABASE_URL && !e.JWT_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  - JWT_SECRET: required (32+ characters) when DATABASE_URL is set; every web process must share it',
    );
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    roles: e.ROLES,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    publicUrl: e.PUBLIC_URL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.join(REPO_ROOT, 'apps/web/dist'),
    dataFolder: path.join(REPO_ROOT, 'data'),
    dbPoolMax: e.DB_POOL_MAX,
    jwtSecret: e.JWT_SECRET,
    trustProxy: e.TRUST_PROXY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    flags: {
      beta_login: e.FEATURE_BETA_LOGIN,
      fork: e.FEATURE_FORK,
      snapshot: e.FEATURE_SNAPSHOT,
      dynaboard: e.FEATURE_DYNABOARD,
    },
    evaluation: {
      heartbeatMs: e.EVAL_HEARTBEAT_MS,
      staleMs: e.EVAL_STALE_MS,
      sweepMs: e.EVAL_SWEEP_MS,
    },
    betaInviteCodes: e.BETA_INVITE_CODES.split(',')
      .map((c) => c.trim())
      .filter(Boolean),
    corsOrigins: e.CORS_ORIGINS,
    uploadLimits: {
      avatar: e.UPLOAD_AVATAR_MAX_BYTES,
      dataset: e.UPLOAD_DATASET_MAX_BYTES,
      contexts: e.UPLOAD_CONTEXTS_MAX_BYTES,
    },
  };
}

/** `--roles=web,worker` on the command line wins over ROLES. */
export function rolesFromArgv(argv: string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith('--roles=')) return a.slice('--roles='.length);
    if (a === '--roles') return argv[i + 1];
  }
  return undefined;
}
