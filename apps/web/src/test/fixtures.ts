import { type ErrorBody, type RoundSummary, type TaskCard } from '@dynaloop/contract';

let nextId = 1;

export function makeRound(overrides: Partial<RoundSummary> = {}): RoundSummary {
  return {
    id: nextId++,
    rid: 1,
    cur_round: 1,
    desc: null,
    longdesc: null,
    total_collected: 0,
    total_fooled: 0,
    total_verified_fooled: 0,
    ...overrides,
  };
}

export function makeTask(overrides: Partial<TaskCard> = {}): TaskCard {
  const id = nextId++;
  return {
    id,
    name: `Task ${String(id)}`,
    desc: 'A task description.',
    task_code: `task${String(id)}`,
    challenge_type: 1,
    last_updated: null,
    active: true,
    submitable: false,
    official: true,
    round: makeRound(),
    ...overrides,
  };
}

export function errorBody(overrides: Partial<ErrorBody> = {}): ErrorBody {
  return { status_code: 500, error: 'Internal error', code: 'internal', ...overrides };
}
