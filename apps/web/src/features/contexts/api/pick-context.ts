import { useRef, useState } from 'react';
import { type PickedContext, type RouteParams, type TaskDetail } from '@dynaloop/contract';
import { CONTEXT_SELECTION_METHODS } from '@dynaloop/contract/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export type ContextMethod = RouteParams<'pickContext'>['method'];

/** The task's selection method; `min` when it names none. */
export function contextMethodOf(method: string | null | undefined): ContextMethod {
  return CONTEXT_SELECTION_METHODS.find((m) => m === method) ?? 'min';
}

export const contextKeys = {
  all: ['contexts'] as const,
  pick: (taskId: number, round: number, draw: number) =>
    [...contextKeys.all, 'pick', taskId, round, draw] as const,
};

/** GET /contexts/:task/:round/:method: a context of the round to write an example for. */
export function pickContext(
  task: string,
  round: number,
  method: ContextMethod,
  signal?: AbortSignal,
) {
  return callApi('pickContext', { params: { task, round, method }, auth: true, signal });
}

export type LoadedContext = PickedContext & {
  /** When the page received it: the time spent on an example is counted from here. */
  receivedAt: number;
};

/**
 * The context the contributor writes for, drawn by the task's selection method; `next()` draws
 * another one (avoiding the one on screen when the round has others).
 */
export function useTaskContext(task: TaskDetail) {
  const [draw, setDraw] = useState(0);
  const shown = useRef<number | null>(null);
  const method = contextMethodOf(task.context_selection_method);
  const query = useQuery({
    queryKey: contextKeys.pick(task.id, task.cur_round, draw),
    queryFn: async ({ signal }): Promise<LoadedContext> => {
      let context = await pickContext(task.task_code, task.cur_round, method, signal);
      if (context.id === shown.current && method !== 'uniform') {
        context = await pickContext(task.task_code, task.cur_round, 'uniform', signal);
      }
      shown.current = context.id;
      return { ...context, receivedAt: Date.now() };
    },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    placeholderData: keepPreviousData,
  });
  return { ...query, next: () => setDraw((n) => n + 1), switching: query.isPlaceholderData };
}
