import { createHmac } from 'node:crypto';
import { type RoundAgreement } from '@dynaloop/contract';
import { type Db } from '../../db/database.js';
import { type RoundRow, type TaskRow } from '../../db/schema.js';
import { roundAgreement } from '../validations/service.js';

const BATCH = 1000;

/**
 * Contributor ids in exports: keyed with the round's secret, so an id is stable within a round,
 * differs across rounds, and cannot be turned back into a user without the secret.
 */
export const anonymousId = (secret: string, who: string) =>
  createHmac('sha256', secret).update(who).digest('hex');

const json = (v: unknown) => JSON.stringify(v ?? null);

/** The `format` of the default export: an envelope around the examples. */
export const EXPORT_FORMAT = 'dynaloop-export/2';

/** What the envelope holds before its examples. */
export interface ExportHead {
  task: { id: number; task_code: string; name: string };
  exported_at: string;
  rounds: Array<{ rid: number; agreement: RoundAgreement }>;
}

/** The rounds of a task in rid order. */
export const taskRounds = (db: Db, tid: number): Promise<RoundRow[]> =>
  db.selectFrom('rounds').selectAll().where('tid', '=', tid).orderBy('rid').execute();

/**
 * The head of the envelope: the task and the agreement figures of each round, computed before
 * anything is sent so that a failure is an error answer, not a truncated file.
 */
export async function exportHead(
  db: Db,
  task: Pick<TaskRow, 'id' | 'task_code' | 'name'>,
  rounds: RoundRow[],
): Promise<ExportHead> {
  const agreements: ExportHead['rounds'] = [];
  for (const round of rounds)
    agreements.push({ rid: round.rid, agreement: await roundAgreement(db, round) });
  return {
    task: { id: task.id, task_code: task.task_code, name: task.name },
    exported_at: new Date().toISOString(),
    rounds: agreements,
  };
}

/**
 * The default export: `{"format","task","exported_at","rounds","examples"}`, the head written at
 * once and the examples streamed as by exportExamples.
 */
export async function* exportEnvelope(
  db: Db,
  head: ExportHead,
  rounds: RoundRow[],
): AsyncGenerator<string> {
  // The head object without its closing brace, then the examples array as the last member.
  yield JSON.stringify({ format: EXPORT_FORMAT, ...head }).slice(0, -1) + ',"examples":';
  yield* exportExamples(db, rounds);
  yield '}';
}

/**
 * The examples of the given rounds with their context and validations, as a JSON array
 * written piece by piece: memory stays flat whatever the number of examples. Shaped as the
 * original export: the *_json fields are JSON strings.
 */
export async function* exportExamples(
  db: Db,
  rounds: Array<Pick<RoundRow, 'id' | 'rid' | 'secret'>>,
): AsyncGenerator<string> {
  yield '[';
  let first = true;
  for (const round of rounds) {
    // Contributors repeat within a round: compute each anonymous id once.
    const ids = new Map<string, string>();
    const anon = (who: string) => {
      let id = ids.get(who);
      if (id === undefined) ids.set(who, (id = anonymousId(round.secret, who)));
      return id;
    };
    let after = 0;
    for (;;) {
      const examples = await db
        .selectFrom('examples')
        .selectAll()
        .where('r_realid', '=', round.id)
        .where('sandbox', '=', false)
        .where((eb) => eb.or([eb('uid', 'is not', null), eb('annotator_id', 'is not', null)]))
        .where('id', '>', after)
        .orderBy('id')
        .limit(BATCH)
        .execute();
      if (examples.length === 0) break;
      after = examples.at(-1)!.id;
      const cids = [...new Set(examples.map((e) => e.cid))];
      const contexts = new Map(
        (await db.selectFrom('contexts').selectAll().where('id', 'in', cids).execute()).map((c) => [
          c.id,
          c,
        ]),
      );
      const validations = await db
        .selectFrom('validations')
        .select(['eid', 'uid', 'annotator_id', 'label', 'mode', 'metadata_json'])
        .where(
          'eid',
          'in',
          examples.map((e) => e.id),
        )
        .orderBy('id')
        .execute();
      let chunk = '';
      for (const e of examples) {
        const c = contexts.get(e.cid)!;
        const author = e.uid !== null ? `user:${e.uid}` : `annotator:${e.annotator_id}`;
        const element = {
          id: e.id,
          cid: e.cid,
          tag: e.tag,
          input_json: json(e.input_json),
          output_json: json(e.output_json),
          metadata_json: json(e.metadata_json),
          model_endpoint_name: e.model_endpoint_name,
          model_wrong: e.model_wrong,
          retracted: e.retracted,
          flagged: e.flagged,
          generated_datetime: e.generated_datetime.toISOString(),
          time_elapsed: e.time_elapsed_ms,
          total_verified: e.total_verified,
          round: round.rid,
          context: {
            id: c.id,
            r_realid: c.r_realid,
            context_json: json(c.context_json),
            tag: c.tag,
            metadata_json: json(c.metadata_json),
            total_used: c.total_used,
            last_used: c.last_used?.toISOString() ?? null,
          },
          anon_uid: anon(author),
          validations: validations
            .filter((v) => v.eid === e.id)
            .map((v) => [
              v.label,
              v.mode,
              anon(`validator:${v.uid !== null ? `user:${v.uid}` : `annotator:${v.annotator_id}`}`),
              v.metadata_json,
            ]),
        };
        chunk += (first ? '' : ',') + JSON.stringify(element);
        first = false;
      }
      yield chunk;
    }
  }
  yield ']';
}
