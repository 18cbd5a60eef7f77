import { taskPath } from './paths';

// Kept apart from paths.ts, which the home page ships: only lazily loaded pages need these.

/** URL of a task's page showing one round (from 1). */
export function taskRoundPath(taskCode: string, round: number): string {
  return `${taskPath(taskCode)}/round/${String(round)}`;
}

/** URL of a task's owner console, at a section (`#settings` when none is given). */
export function ownerConsolePath(taskCode: string, section?: string): string {
  const path = `/task-owner-interface/${encodeURIComponent(taskCode)}`;
  return section ? `${path}#${section}` : path;
}
