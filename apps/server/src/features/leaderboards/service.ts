import { type Db } from '../../db/database.js';
import { type TaskRow } from '../../db/schema.js';
import { listRoundScores } from './repo.js';

/**
 * Per-round performance of the top 10 models (by mean perf over the scoring datasets tied to a
 * round): `[{round, "<model name>_<id>": perf}]`, sorted by round.
 */
export async function taskTrends(db: Db, task: TaskRow): Promise<Array<Record<string, number>>> {
  const rows = await listRoundScores(db, task);
  const byModel = new Map<
    number,
    { name: string; rounds: Map<number, { sum: number; w: number }>; total: number; n: number }
  >();
  for (const r of rows) {
    const m = byModel.get(r.mid) ?? { name: r.name, rounds: new Map(), total: 0, n: 0 };
    const w = r.weight ?? 5;
    const cell = m.rounds.get(r.rid) ?? { sum: 0, w: 0 };
    cell.sum += w * (r.perf ?? 0);
    cell.w += w;
    m.rounds.set(r.rid, cell);
    m.total += r.perf ?? 0;
    m.n++;
    byModel.set(r.mid, m);
  }
  const top = [...byModel.entries()]
    .sort((a, b) => b[1].total / b[1].n - a[1].total / a[1].n)
    .slice(0, 10);
  const rounds = [...new Set(rows.map((r) => r.rid))].sort((a, b) => a - b);
  return rounds.map((rid) => {
    const entry: Record<string, number> = { round: rid };
    for (const [mid, m] of top) {
      const cell = m.rounds.get(rid);
      if (cell && cell.w > 0)
        entry[`${m.name}_${mid}`] = Math.round((cell.sum / cell.w) * 100) / 100;
    }
    return entry;
  });
}
