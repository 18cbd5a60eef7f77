import { type TaskDetail } from '@dynaloop/contract';
import { useMutation } from '@tanstack/react-query';
import { callApiForFile } from '../../../lib/api-client';

function fileNameOf(response: Response, fallback: string): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/**
 * Saves an authenticated download through a temporary object URL and a link with `download`
 * (a plain link could not send the token).
 */
async function saveFile(response: Response, fallbackName: string): Promise<void> {
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response, fallbackName);
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Some browsers read the URL after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}

/** GET /tasks/:id/export, or /tasks/:id/rounds/:rid/export with a round, saved as a file. */
export async function exportTask(task: TaskDetail, round?: number): Promise<void> {
  if (round === undefined) {
    const response = await callApiForFile('exportTask', { params: { id: task.id } });
    return saveFile(response, `${task.task_code}-export.json`);
  }
  const response = await callApiForFile('exportRound', { params: { id: task.id, rid: round } });
  return saveFile(response, `${task.task_code}-round-${String(round)}-export.json`);
}

export function useExport(task: TaskDetail) {
  return useMutation({ mutationFn: (round?: number) => exportTask(task, round) });
}
