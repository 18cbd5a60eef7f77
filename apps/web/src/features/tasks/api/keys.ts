/** Query keys of the tasks feature; pages that need the same data share these. */
export const taskKeys = {
  all: ['tasks'] as const,
  activeWithRoundInfo: () => [...taskKeys.all, 'active-with-round-info'] as const,
  /** GET /tasks/:task as seen by `viewer` (a user id, or 0 for a visitor: hidden tasks differ). */
  detail: (task: string | number, viewer: number) =>
    [...taskKeys.all, 'detail', String(task).toLowerCase(), viewer] as const,
  round: (task: string, round: number, viewer: number) =>
    [...taskKeys.all, 'round', task.toLowerCase(), round, viewer] as const,
  adminOrOwner: (id: number, viewer: number) =>
    [...taskKeys.all, 'admin-or-owner', id, viewer] as const,
};

/** Query keys of the owner console: per task, and per viewer (what one may see differs). */
export const ownerKeys = {
  all: ['task-owner'] as const,
  task: (id: number, viewer: number) => [...ownerKeys.all, id, viewer] as const,
  owners: (id: number, viewer: number) => [...ownerKeys.task(id, viewer), 'owners'] as const,
  rounds: (id: number, viewer: number) => [...ownerKeys.task(id, viewer), 'rounds'] as const,
  models: (id: number, viewer: number) => [...ownerKeys.task(id, viewer), 'models'] as const,
  loopModels: (id: number, viewer: number) =>
    [...ownerKeys.task(id, viewer), 'loop-models'] as const,
  datasets: (id: number, viewer: number) => [...ownerKeys.task(id, viewer), 'datasets'] as const,
  accessTypes: () => [...ownerKeys.all, 'access-types'] as const,
  logAccessTypes: () => [...ownerKeys.all, 'log-access-types'] as const,
};
