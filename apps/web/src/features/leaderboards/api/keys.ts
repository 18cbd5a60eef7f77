export const leaderboardKeys = {
  all: ['leaderboards'] as const,
  users: (taskId: number, round: number | null, page: number) =>
    [...leaderboardKeys.all, 'users', taskId, round ?? 'overall', page] as const,
  agreement: (taskId: number, round: number, viewer: number) =>
    [...leaderboardKeys.all, 'agreement', taskId, round, viewer] as const,
};
