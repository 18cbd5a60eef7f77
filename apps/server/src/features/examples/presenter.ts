import { type ExampleDetail } from '@dynaloop/contract';
import { type ContextsTable, type ExamplesTable } from '../../db/schema.js';
import { type Selectable } from 'kysely';

export function presentExample(
  e: Selectable<ExamplesTable>,
  context: Pick<Selectable<ContextsTable>, 'context_json'>,
  rid: number,
): ExampleDetail {
  return {
    id: e.id,
    tid: e.tid,
    rid,
    cid: e.cid,
    uid: e.uid,
    tag: e.tag,
    input: e.input_json,
    output: e.output_json,
    metadata: e.metadata_json,
    context: { ...context.context_json, context_json: JSON.stringify(context.context_json) },
    input_json: JSON.stringify(e.input_json),
    output_json: e.output_json === null ? null : JSON.stringify(e.output_json),
    metadata_json: JSON.stringify(e.metadata_json),
    model_wrong: e.model_wrong,
    model_endpoint_name: e.model_endpoint_name,
    retracted: e.retracted,
    flagged: e.flagged,
    total_verified: e.total_verified,
    verdict: e.verdict,
    generated_datetime: e.generated_datetime.toISOString(),
  };
}
