import { type ExampleDetail, type RoundAgreement, type TaskDetail } from '@dynaloop/contract';
import { apiPath, endpoints } from '@dynaloop/contract/endpoints';
import { skipToken, useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api';
import { useAuth } from '../../auth/use-auth';
import { type FieldValues } from '../../examples/lib/fields';

export type ValidationLabel = 'correct' | 'incorrect' | 'flagged';

export interface ValidationBody {
  label: ValidationLabel;
  mode: 'user' | 'owner';
  metadata: FieldValues;
}

export type ValidationResult = ExampleDetail & { badges: string | null };

export const validationKeys = {
  all: ['validations'] as const,
  next: (taskId: number, round: number, draw: number, viewer: number) =>
    [...validationKeys.all, 'next', taskId, round, draw, viewer] as const,
  agreement: (taskId: number, round: number, viewer: number) =>
    [...validationKeys.all, 'agreement', taskId, round, viewer] as const,
};

/** How many times a skipped example drawn again is exchanged for another one. */
const REDRAWS = 3;

/**
 * GET /examples/:task/:round: an example for the user to validate; `draw` asks for the next one.
 * Examples the user skipped are drawn again only when the round has no other.
 */
export function useExampleToValidate(task: TaskDetail, draw: number, skipped: ReadonlySet<number>) {
  const { userId } = useAuth();
  return useQuery({
    queryKey: validationKeys.next(task.id, task.cur_round, draw, userId ?? 0),
    queryFn: async ({ signal }) => {
      const path = apiPath(endpoints.exampleToValidate.path, {
        task: task.task_code,
        round: task.cur_round,
      });
      let example = await apiGet<ExampleDetail>(path, { signal, auth: true });
      for (let i = 0; i < REDRAWS && skipped.has(example.id); i += 1) {
        example = await apiGet<ExampleDetail>(path, { signal, auth: true });
      }
      return example;
    },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

/** PUT /validations/:id. */
export function validateExample(id: number, body: ValidationBody): Promise<ValidationResult> {
  return apiRequest<ValidationResult>(apiPath(endpoints.validateExample.path, { id }), {
    method: 'PUT',
    body,
    auth: true,
  });
}

/** GET /tasks/:id/rounds/:rid/agreement: for owners and admins (visitors make no request). */
export function useRoundAgreement(taskId: number, round: number) {
  const { userId } = useAuth();
  return useQuery({
    queryKey: validationKeys.agreement(taskId, round, userId ?? 0),
    queryFn:
      userId !== null
        ? ({ signal }) =>
            apiGet<RoundAgreement>(
              apiPath(endpoints.roundAgreement.path, { id: taskId, rid: round }),
              {
                signal,
                auth: true,
              },
            )
        : skipToken,
  });
}
