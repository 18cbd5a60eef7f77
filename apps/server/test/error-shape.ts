import { errorBody } from '@dynaloop/contract';
import { expect } from 'vitest';

/** Every error answer is in the catalogue's shape, its request id the one of the header. */
export function expectErrorShape(
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
  label: string,
): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(res.body);
  } catch {
    expect.fail(`${label}: ${res.statusCode} answer is not JSON: ${res.body.slice(0, 200)}`);
  }
  const body = errorBody.safeParse(parsed);
  expect(body.success, `${label}: ${res.body.slice(0, 300)}`).toBe(true);
  expect(body.data?.status_code, label).toBe(res.statusCode);
  expect(body.data?.request_id, label).toBeTruthy();
  expect(body.data?.request_id, label).toBe(res.headers['x-request-id']);
}
