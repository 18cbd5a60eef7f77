/** Query keys of the models a contributor writes against (the owner console uses ownerKeys). */
export const modelKeys = {
  all: ['models'] as const,
  inTheLoop: (taskId: number, viewer: number) =>
    [...modelKeys.all, 'in-the-loop', taskId, viewer] as const,
};
