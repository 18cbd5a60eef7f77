import { useRef, useState } from 'react';
import { type TaskDetail } from '@dynaloop/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { contextMethodOf, fetchContext, type TaskContext } from './examples';
import { exampleKeys } from './models';

export interface LoadedContext extends TaskContext {
  /** When the page received it: the time spent on an example is counted from here. */
  receivedAt: number;
}

/**
 * The context the contributor writes for, drawn by the task's selection method; `next()` draws
 * another one (avoiding the one on screen when the round has others).
 */
export function useTaskContext(task: TaskDetail) {
  const [draw, setDraw] = useState(0);
  const shown = useRef<number | null>(null);
  const method = contextMethodOf(task.context_selection_method);
  const query = useQuery({
    queryKey: exampleKeys.context(task.id, task.cur_round, draw),
    queryFn: async ({ signal }): Promise<LoadedContext> => {
      let context = await fetchContext(task.task_code, task.cur_round, method, signal);
      if (context.id === shown.current && method !== 'uniform') {
        context = await fetchContext(task.task_code, task.cur_round, 'uniform', signal);
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
