import { type ModelDetail } from '@dynaloop/contract';
import { apiPath, endpoints } from '@dynaloop/contract/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiFetch } from '../../../lib/api';
import { callApi } from '../../../lib/api-client';
import { getAccessToken } from '../../../lib/auth';
import { API_PREFIX, ApiError, networkError, readErrorBody } from '../../../lib/http';
import { useAuth } from '../../auth/use-auth';

export const modelKeys = {
  all: ['models'] as const,
  /** A model as seen by `viewer` (a user id, or 0 for a visitor: visibility differs). */
  detail: (id: number, viewer: number) => [...modelKeys.all, 'detail', id, viewer] as const,
};

/** GET /models/:id/details, with the login when there is one. */
export function useModelDetail(id: number) {
  const { userId } = useAuth();
  const viewer = userId ?? 0;
  return useQuery({
    queryKey: modelKeys.detail(id, viewer),
    queryFn: ({ signal }): Promise<ModelDetail> =>
      callApi('modelDetails', { params: { id }, signal, auth: viewer !== 0 }),
  });
}

/**
 * Follows GET /models/:id/events (server-sent events) while `enabled`: each status change
 * reloads the model, so statuses and scores change without a page reload.
 */
export function useModelEvents(id: number, enabled: boolean) {
  const queryClient = useQueryClient();
  const { userId } = useAuth();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let closed = false;
    void (async () => {
      const token = userId ? await getAccessToken() : null;
      if (closed) return;
      const query = token ? `?access_token=${encodeURIComponent(token)}` : '';
      source = new EventSource(
        `${API_PREFIX}${apiPath(endpoints.modelEvents.path, { id })}${query}`,
      );
      const reload = () =>
        void queryClient.invalidateQueries({ queryKey: [...modelKeys.all, 'detail', id] });
      // "ready" comes once the server listens: a change between the first load and then is
      // not missed (reloaded), and every later change arrives as "status".
      source.addEventListener('ready', reload);
      source.addEventListener('status', reload);
    })();
    return () => {
      closed = true;
      source?.close();
    };
  }, [id, enabled, userId, queryClient]);
}

export interface ModelChanges {
  name?: string;
  description?: string | null;
  params?: number;
  languages?: string | null;
  license?: string | null;
  source_url?: string | null;
  model_card?: string | null;
  is_anonymous?: boolean;
}

/** PUT /models/:id/update; the model is reloaded afterwards. */
export function useUpdateModel(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ModelChanges) =>
      callApi('updateModel', { params: { id }, body: changes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: modelKeys.all }),
  });
}

/** PUT /models/:id/revertstatus: publish or unpublish; the answer may list badges earned. */
export function useToggleModelStatus(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('revertModelStatus', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: modelKeys.all }),
  });
}

/** Downloads a model's log or predictions on a dataset as a file (the browser saves it). */
export async function downloadModelFile(
  kind: 'log' | 'predictions',
  mid: number,
  did: number,
): Promise<void> {
  const path = apiPath(
    kind === 'log' ? endpoints.modelJobLog.path : endpoints.modelPredictions.path,
    { mid, did },
  );
  const response = await apiFetch(path, { auth: true });
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename =
    /filename="([^"]+)"/.exec(disposition)?.[1] ??
    `model-${String(mid)}-${String(did)}.${kind === 'log' ? 'log' : 'jsonl'}`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export interface UploadResult {
  success: 'ok';
  model_id: number;
  evaluations_queued: number;
}

/**
 * POST /models/upload_predictions/:task/:name (multipart, one file per dataset), with upload
 * progress (XMLHttpRequest: fetch cannot report it). Rejects with an ApiError.
 */
export async function uploadPredictions(
  task: number | string,
  name: string,
  files: Record<string, File>,
  onProgress: (fraction: number) => void,
): Promise<UploadResult> {
  const form = new FormData();
  for (const [dataset, file] of Object.entries(files)) form.append(dataset, file);
  const token = await getAccessToken();
  const url = `${API_PREFIX}${apiPath(endpoints.uploadPredictions.path, { task, name })}`;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(networkError());
    xhr.onload = () => {
      const response = new Response(xhr.responseText, {
        status: xhr.status,
        headers: { 'content-type': xhr.getResponseHeader('content-type') ?? 'application/json' },
      });
      if (xhr.status >= 200 && xhr.status < 300) {
        void response.json().then((body) => resolve(body as UploadResult), reject);
      } else {
        void readErrorBody(response).then((body) => reject(new ApiError(xhr.status, body)));
      }
    };
    xhr.send(form);
  });
}
