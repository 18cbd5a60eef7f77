export const validationKeys = {
  all: ['validations'] as const,
  next: (taskId: number, round: number, draw: number, viewer: number) =>
    [...validationKeys.all, 'next', taskId, round, draw, viewer] as const,
};
