/** URL of a task's page. */
export function taskPath(taskCode: string): string {
  return `/tasks/${encodeURIComponent(taskCode)}`;
}
