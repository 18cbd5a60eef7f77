import { type RoundSummary, type TaskCard } from '@dynaloop/contract';
import { type RoundRow } from '../../db/schema.js';
import { type TaskWithRound } from './repo.js';

export function presentRound(round: RoundRow, curRound: number): RoundSummary {
  return {
    id: round.id,
    rid: round.rid,
    cur_round: curRound,
    desc: round.desc,
    longdesc: round.longdesc,
    total_collected: round.total_collected,
    total_fooled: round.total_fooled,
    total_verified_fooled: round.total_verified_fooled,
  };
}

export function presentTaskCard(task: TaskWithRound): TaskCard {
  return {
    id: task.id,
    name: task.name,
    desc: task.desc,
    task_code: task.task_code,
    challenge_type: task.challenge_type,
    last_updated: task.last_updated ? task.last_updated.toISOString() : null,
    active: task.active,
    submitable: task.submitable,
    official: task.official,
    round: task.round ? presentRound(task.round, task.cur_round) : null,
  };
}
