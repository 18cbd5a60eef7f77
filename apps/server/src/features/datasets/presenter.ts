import { type Dataset } from '@dynaloop/contract';
import { type DatasetRow } from '../../db/schema.js';

export function presentDataset(d: DatasetRow): Dataset {
  return {
    id: d.id,
    tid: d.tid,
    name: d.name,
    desc: d.desc,
    longdesc: d.longdesc,
    source_url: d.source_url,
    rid: d.rid,
    access_type: d.access_type,
    log_access_type: d.log_access_type,
    weight: d.weight,
    line_count: d.line_count,
    created_at: d.created_at.toISOString(),
  };
}
