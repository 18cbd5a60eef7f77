import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logInAs, makeUser } from '../../../test/auth';
import { jsonResponse, mockRoutes } from '../../../test/fetch';
import { makeTaskDetail } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const user = makeUser({ id: 4, username: 'uma' });
const CONFIG = `perf_metric: {type: macro_f1, reference_name: label}
input:
  - {name: statement, type: string}
  - {name: label, type: multiclass, labels: [negative, positive]}
output:
  - {name: label}
  - {name: prob, type: prob, reference_name: label}
`;
const task = makeTaskDetail({
  id: 12,
  task_code: 'sentiment',
  name: 'Sentiment',
  has_predictions_upload: true,
  config_yaml: CONFIG,
  ordered_scoring_datasets: [{ id: 1, name: 'test-r1', default_weight: 1 }],
  ordered_datasets: [
    { id: 1, name: 'test-r1' },
    { id: 2, name: 'standard' },
  ],
});

/** A stand-in XMLHttpRequest answering one upload with `status` and `body`. */
function fakeXhr(status: number, body: unknown) {
  const sent: FormData[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: {
      onprogress:
        ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    getResponseHeader() {
      return 'application/json';
    }
    send(form: FormData) {
      sent.push(form);
      this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
      setTimeout(() => {
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

async function fillForm() {
  logInAs(user);
  mockRoutes({ 'GET /api/tasks/12': () => jsonResponse(task) });
  renderApp('/tasks/12/submit_predictions');
  expect(await screen.findByRole('heading', { name: 'Submit predictions' })).toBeDefined();
  fireEvent.change(screen.getByRole('textbox', { name: /Model name/ }), {
    target: { value: 'my-preds' },
  });
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, {
    target: { files: [new File(['{"uid":"1","label":"positive"}\n'], 'p.jsonl')] },
  });
}

describe('SubmitPredictionsPage', () => {
  it('shows one input per dataset with the expected line format; scoring datasets are required', async () => {
    logInAs(user);
    mockRoutes({ 'GET /api/tasks/12': () => jsonResponse(task) });
    renderApp('/tasks/12/submit_predictions');
    expect(await screen.findByText(/"label":"negative \| positive"/)).toBeDefined();
    expect(screen.getByText('test-r1')).toBeDefined();
    expect(screen.getByText('standard (optional)')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Submit' }).hasAttribute('disabled')).toBe(true);
  });

  it('lists the line errors of a refused file', async () => {
    await fillForm();
    fakeXhr(400, {
      status_code: 400,
      error: 'test-r1: line 3 (label): must be one of negative, positive',
      code: 'validation_failed',
      details: [{ path: 'test-r1 line 3.label', message: 'must be one of negative, positive' }],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('The predictions were not stored')).toBeDefined();
    expect(
      screen.getByText('test-r1 line 3.label: must be one of negative, positive'),
    ).toBeDefined();
  });

  it('says when the next submission is possible after the limit', async () => {
    await fillForm();
    fakeXhr(429, {
      status_code: 429,
      error: 'Submission limit reached',
      code: 'rate_limited',
      details: [{ path: 'next_submission_at', message: '2026-11-24T10:00:00.000Z' }],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Submission limit reached')).toBeDefined();
    expect(screen.getByText(/You can submit again after 2026-11-24T10:00:00.000Z/)).toBeDefined();
  });

  it('links to the new model once stored, sending the file under the dataset name', async () => {
    await fillForm();
    const sent = fakeXhr(200, { success: 'ok', model_id: 77, evaluations_queued: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const link = await screen.findByRole('link', { name: 'Go to your model’s page' });
    expect(link.getAttribute('href')).toBe('/models/77');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0]!.get('test-r1') as File).name).toBe('p.jsonl');
  });
});
