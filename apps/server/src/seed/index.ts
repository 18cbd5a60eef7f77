import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Kysely } from 'kysely';
import { describeConfigProblems, parseTaskConfig, type TaskConfig } from '@dynaloop/contract';
import YAML from 'yaml';
import { addContextsToRound } from '../features/contexts/service.js';
import { BUILTIN_MODELS } from '@dynaloop/models';
import { createDataset, type NewDatasetInput } from '../features/datasets/service.js';
import { enqueueModelEvaluations } from '../features/evaluations/service.js';
import { registerBuiltinModel } from '../features/models/service.js';
import { findTaskByCode } from '../features/tasks/repo.js';
import { createTaskWithRounds, type NewRoundInput } from '../features/tasks/service.js';
import { createUser } from '../features/users/service.js';
import { type BlobStorage } from '../platform/storage.js';
import { type Database, type NewTask, type TaskRow } from '../db/schema.js';
import {
  type FeaturePoolSpec,
  generateFeaturePool,
  type ParallelSentence,
  translationLines,
} from './generators.js';

export interface SeedResult {
  /** Set only when this run created the admin account: shown once, stored nowhere. */
  adminCredentials?: { email: string; password: string };
  tasksCreated: string[];
}

interface DadcManifest {
  task_code: string;
  name: string;
  desc: string;
  challenge_type: number;
  official?: boolean;
  submitable?: boolean;
  has_predictions_upload?: boolean;
  dynamic_adversarial_data_collection?: boolean;
  instructions_md: string;
  rounds: Array<{ desc: string; longdesc: string }>;
  contexts: string;
  datasets: Array<{
    name: string;
    file: string;
    access_type: 'scoring' | 'standard' | 'hidden';
    /** Who may download evaluation logs and predictions: model owners too ('user'), or not. */
    log_access_type?: 'owner' | 'user';
    rid?: number;
    longdesc: string;
  }>;
  config: Record<string, unknown>;
}

interface FloresManifest {
  sentences_per_direction: number;
  instructions_md: string;
  config: Record<string, unknown>;
  tracks: Array<{
    task_code: string;
    name: string;
    desc: string;
    dataset: string;
    directions: string[];
  }>;
}

interface DataperfManifest {
  task_code: string;
  name: string;
  desc: string;
  challenge_type: number;
  generator: FeaturePoolSpec & { max_selected: number };
  instructions_md: string;
  config: Record<string, unknown>;
}

export const ADMIN_EMAIL = 'admin@dynaloop.local';
const DEMO_USERS = [
  { username: 'ana', realname: 'Ana Ortega', affiliation: 'Open Data Lab' },
  { username: 'ben', realname: 'Ben Okafor', affiliation: 'University of Lagos' },
  { username: 'chen', realname: 'Chen Wei', affiliation: 'Independent researcher' },
  { username: 'dara', realname: 'Dara Byrne', affiliation: 'Dublin NLP Group' },
  { username: 'eli', realname: 'Eli Novak', affiliation: 'Benchmarks Collective' },
];
const DADC_TASKS = ['sentiment', 'nli', 'qa', 'hs'];

/** Demo configurations go through the same verification as an owner's. */
function verifiedConfig(
  raw: Record<string, unknown>,
  where: string,
): { yaml: string; config: TaskConfig } {
  const yaml = YAML.stringify(raw);
  const result = parseTaskConfig(yaml);
  if (!result.ok)
    throw new Error(
      `demo configuration ${where} is invalid: ${describeConfigProblems(result.problems)}`,
    );
  return { yaml, config: result.config };
}

async function readYaml<T>(file: string): Promise<T> {
  return YAML.parse(await fs.readFile(file, 'utf8')) as T;
}

async function readLines(file: string): Promise<string[]> {
  return (await fs.readFile(file, 'utf8')).split('\n');
}

/** What names and explains a demo task: its manifest (for FLORES, one of its tracks). */
interface DemoTaskTexts {
  task_code: string;
  name: string;
  desc: string;
  instructions_md: string;
}

/**
 * A demo task, made through the same service as an accepted proposal's: owned by the admin,
 * shown from the start, with its verified configuration. `settings` is what differs between the
 * kinds of demo task.
 */
function createDemoTask(
  trx: Kysely<Database>,
  texts: DemoTaskTexts,
  yaml: string,
  settings: Omit<NewTask, keyof DemoTaskTexts | 'config_yaml' | 'cur_round' | 'active' | 'hidden'>,
  rounds: NewRoundInput[],
  ownerId: number,
) {
  return createTaskWithRounds(
    trx,
    {
      task_code: texts.task_code,
      name: texts.name,
      desc: texts.desc,
      instructions_md: texts.instructions_md,
      config_yaml: yaml,
      ...settings,
      active: true,
      hidden: false,
    },
    rounds,
    [ownerId],
  );
}

/** A dataset of a demo task, stored through the dataset service as an owner's upload would be. */
function createDemoDataset(
  trx: Kysely<Database>,
  storage: BlobStorage,
  task: TaskRow,
  config: TaskConfig,
  dataset: Omit<NewDatasetInput, 'tid' | 'taskCode' | 'config'>,
  lines: string[],
) {
  return createDataset(
    trx,
    storage,
    { tid: task.id, taskCode: task.task_code, config, ...dataset },
    lines,
  );
}

async function ensureUsers(
  db: Kysely<Database>,
): Promise<{ adminId: number; adminCredentials?: SeedResult['adminCredentials'] }> {
  let adminCredentials: SeedResult['adminCredentials'];
  let admin = await db
    .selectFrom('users')
    .select('id')
    .where('admin', '=', true)
    .orderBy('id')
    .executeTakeFirst();
  if (!admin) {
    const password = randomBytes(15).toString('base64url');
    const created = await createUser(db, {
      username: 'admin',
      email: ADMIN_EMAIL,
      password,
      admin: true,
      realname: 'Platform admin',
    });
    admin = { id: created.id };
    adminCredentials = { email: ADMIN_EMAIL, password };
  }
  for (const u of DEMO_USERS) {
    const exists = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', u.username)
      .executeTakeFirst();
    if (!exists) {
      // Demo contributors have no password: nobody can log in as them.
      await createUser(db, { ...u, email: `${u.username}@demo.dynaloop.local`, password: null });
    }
  }
  return { adminId: admin.id, adminCredentials };
}

async function seedDadcTask(
  db: Kysely<Database>,
  storage: BlobStorage,
  folder: string,
  ownerId: number,
): Promise<string | undefined> {
  const m = await readYaml<DadcManifest>(path.join(folder, 'task.yaml'));
  if (await findTaskByCode(db, m.task_code)) return undefined;
  const contextLines = await readLines(path.join(folder, m.contexts));
  const { yaml, config } = verifiedConfig(m.config, m.task_code);
  await db.transaction().execute(async (trx) => {
    const { task, rounds } = await createDemoTask(
      trx,
      m,
      yaml,
      {
        challenge_type: m.challenge_type,
        official: m.official ?? false,
        submitable: m.submitable ?? false,
        has_predictions_upload: m.has_predictions_upload ?? false,
        dynamic_adversarial_data_collection: m.dynamic_adversarial_data_collection ?? false,
      },
      m.rounds,
      ownerId,
    );
    // Every round gets the task's contexts, so that each round can be collected on.
    for (const round of rounds) await addContextsToRound(trx, round.id, config, contextLines);
    // A fresh install has something real to fool: the task's baseline, in the loop of every
    // round; the other baselines only give the leaderboard more rows.
    const builtins = [];
    for (const builtin of Object.values(BUILTIN_MODELS).filter(
      (m) => m.taskCode === task.task_code,
    )) {
      builtins.push(
        await registerBuiltinModel(trx, task.id, builtin, ownerId, builtin.inTheLoop ? rounds : []),
      );
    }
    for (const d of m.datasets) {
      await createDemoDataset(
        trx,
        storage,
        task,
        config,
        {
          name: d.name,
          accessType: d.access_type,
          logAccessType: d.log_access_type ?? 'owner',
          rid: d.rid ?? 0,
          longdesc: d.longdesc,
        },
        await readLines(path.join(folder, d.file)),
      );
    }
    // Every baseline is evaluated on every dataset through the queue (run when a worker starts).
    for (const model of builtins) await enqueueModelEvaluations(trx, model.id);
  });
  return m.task_code;
}

async function seedFlores(
  db: Kysely<Database>,
  storage: BlobStorage,
  dataFolder: string,
  ownerId: number,
): Promise<string[]> {
  const m = await readYaml<FloresManifest>(path.join(dataFolder, 'flores/tracks.yaml'));
  const sentences = (await readLines(path.join(dataFolder, 'mt/sentences.jsonl')))
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as ParallelSentence);
  const created: string[] = [];
  const { yaml, config } = verifiedConfig(m.config, 'flores');
  for (const track of m.tracks) {
    if (await findTaskByCode(db, track.task_code)) continue;
    const lines = translationLines(
      sentences,
      track.directions,
      m.sentences_per_direction,
      'devtest',
    );
    await db.transaction().execute(async (trx) => {
      const { task } = await createDemoTask(
        trx,
        { ...track, instructions_md: m.instructions_md },
        yaml,
        { challenge_type: 4, official: true, submitable: true, has_predictions_upload: true },
        [{ desc: 'Round 1', longdesc: `Directions: ${track.directions.join(', ')}.` }],
        ownerId,
      );
      await createDemoDataset(
        trx,
        storage,
        task,
        config,
        {
          name: track.dataset,
          accessType: 'scoring',
          rid: 1,
          longdesc: `${m.sentences_per_direction} sentences for each of ${track.directions.length} directions.`,
        },
        lines.map((l) => JSON.stringify(l)),
      );
    });
    created.push(track.task_code);
  }
  return created;
}

async function seedDataperf(
  db: Kysely<Database>,
  storage: BlobStorage,
  dataFolder: string,
  ownerId: number,
): Promise<string | undefined> {
  const m = await readYaml<DataperfManifest>(path.join(dataFolder, 'dataperf/task.yaml'));
  if (await findTaskByCode(db, m.task_code)) return undefined;
  const { pool, test } = generateFeaturePool(m.generator);
  const { yaml, config } = verifiedConfig(m.config, m.task_code);
  await db.transaction().execute(async (trx) => {
    const { task } = await createDemoTask(
      trx,
      m,
      yaml,
      {
        challenge_type: m.challenge_type,
        train_file_upload_instructions_md: m.instructions_md,
        mlcube_tutorial_markdown: m.instructions_md,
        official: true,
        submitable: true,
        dataperf: true,
      },
      [
        {
          desc: 'Round 1',
          longdesc: `Select at most ${m.generator.max_selected} of ${m.generator.pool_size} training examples.`,
        },
      ],
      ownerId,
    );
    await storage.put(
      `dataperf/${task.task_code}/train-pool.jsonl`,
      pool.map((p) => JSON.stringify(p)).join('\n') + '\n',
    );
    await createDemoDataset(
      trx,
      storage,
      task,
      config,
      {
        name: `${task.task_code}-test`,
        accessType: 'scoring',
        rid: 1,
        longdesc: `${test.length} generated test vectors.`,
      },
      test.map((t) => JSON.stringify(t)),
    );
  });
  return m.task_code;
}

/**
 * Loads the demo content of data/ through the same services the API uses. Idempotent: what
 * exists is left alone, so a second start (or a crash half-way) is safe.
 */
export async function seedDemoContent(
  db: Kysely<Database>,
  storage: BlobStorage,
  dataFolder: string,
): Promise<SeedResult> {
  const { adminId, adminCredentials } = await ensureUsers(db);
  const tasksCreated: string[] = [];
  for (const code of DADC_TASKS) {
    const created = await seedDadcTask(db, storage, path.join(dataFolder, 'tasks', code), adminId);
    if (created) tasksCreated.push(created);
  }
  tasksCreated.push(...(await seedFlores(db, storage, dataFolder, adminId)));
  const dataperf = await seedDataperf(db, storage, dataFolder, adminId);
  if (dataperf) tasksCreated.push(dataperf);
  if (tasksCreated.length) {
    await db
      .insertInto('platform_state')
      .values({
        key: 'demo_content',
        value_json: JSON.stringify({ loaded_at: new Date().toISOString(), tasks: tasksCreated }),
      })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => ({
          value_json: eb.ref('excluded.value_json'),
          updated_at: new Date(),
        })),
      )
      .execute();
  }
  return { adminCredentials, tasksCreated };
}
