import { type TaskDetail } from '@dynaloop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { useViewer } from '../../auth/use-auth';
import { validationKeys } from './keys';

/** How many times a skipped example drawn again is exchanged for another one. */
const REDRAWS = 3;

/** GET /examples/:task/:round: an example of the round for the caller to validate. */
export function getExampleToValidate(task: TaskDetail, signal?: AbortSignal) {
  return callApi('exampleToValidate', {
    params: { task: task.task_code, round: task.cur_round },
    signal,
  });
}

/**
 * `draw` asks for the next example. Examples the user skipped are drawn again only when the
 * round has no other.
 */
export function getExampleToValidateQueryOptions(
  task: TaskDetail,
  draw: number,
  skipped: ReadonlySet<number>,
  viewer: number,
) {
  return queryOptions({
    queryKey: validationKeys.next(task.id, task.cur_round, draw, viewer),
    queryFn: async ({ signal }) => {
      let example = await getExampleToValidate(task, signal);
      for (let i = 0; i < REDRAWS && skipped.has(example.id); i += 1) {
        example = await getExampleToValidate(task, signal);
      }
      return example;
    },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

export function useExampleToValidate(task: TaskDetail, draw: number, skipped: ReadonlySet<number>) {
  return useQuery(getExampleToValidateQueryOptions(task, draw, skipped, useViewer()));
}
