/**
 * Method and path of every /api call, free of schemas so that the SPA can import it without
 * zod. `routes.ts` adds the schemas to these entries; the server serves exactly those.
 */
export const endpoints = {
  health: { method: 'GET', path: '/health' },
  activeTasksWithRoundInfo: { method: 'GET', path: '/task/get_active_tasks_with_round_info' },
  tasks: { method: 'GET', path: '/tasks' },
  submitableTasks: { method: 'GET', path: '/tasks/submitable' },
} as const;

export type EndpointName = keyof typeof endpoints;
