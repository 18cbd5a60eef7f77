import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverWorkspace, startServerProcess } from '../../../test/process.js';

/**
 * The durability promise of POST /examples: an acknowledged example survives a crash, and a
 * client that retries with the same Idempotency-Key never creates a second one.
 */
describe('a server killed during a burst of submissions', () => {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ env, cleanup } = await serverWorkspace('crash'));
  });
  afterAll(async () => {
    await cleanup();
  });

  it('loses no acknowledged example and duplicates none', async () => {
    const base = `http://127.0.0.1:${env.PORT}/api`;
    let server = startServerProcess(env);
    await server.waitFor('is running at');
    const reg = await fetch(`${base}/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'burst@example.org',
        password: 'burst-password',
        username: 'burst',
      }),
    });
    const { token, user } = (await reg.json()) as { token: string; user: { id: number } };
    const task = (await (await fetch(`${base}/tasks/sentiment`)).json()) as {
      id: number;
      cur_round: number;
    };
    const ctx = (await (
      await fetch(`${base}/contexts/sentiment/${task.cur_round}/min`)
    ).json()) as { id: number };
    const N = 300;
    const submission = (i: number) => ({
      key: `burst-${String(i).padStart(4, '0')}`,
      body: JSON.stringify({
        tid: task.id,
        rid: task.cur_round,
        cid: ctx.id,
        input: { statement: `Burst statement ${i}`, label: 'neutral' },
      }),
    });
    const send = async (i: number): Promise<number | null> => {
      const { key, body } = submission(i);
      try {
        const res = await fetch(`${base}/examples`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${token}`,
            'idempotency-key': key,
          },
          body,
          signal: AbortSignal.timeout(20_000),
        });
        return res.ok ? ((await res.json()) as { id: number }).id : null;
      } catch {
        return null; // the connection died with the server: not acknowledged
      }
    };

    // Fire the burst and kill the server without warning while it is under way.
    const acknowledged = new Map<number, number>();
    const burst = Array.from({ length: N }, (_, i) =>
      new Promise((r) => setTimeout(r, i * 2)).then(async () => {
        const id = await send(i);
        if (id !== null) acknowledged.set(i, id);
      }),
    );
    await new Promise((r) => setTimeout(r, 250));
    server.child.kill('SIGKILL');
    await Promise.all(burst);
    await server.exited;
    expect(acknowledged.size).toBeGreaterThan(0);
    expect(acknowledged.size).toBeLessThan(N); // the kill really interrupted the burst

    // The client retries every submission with its key after the restart.
    server = startServerProcess(env);
    await server.waitFor('is running at');
    const retried = new Map<number, number>();
    for (let i = 0; i < N; i += 25) {
      const ids = await Promise.all(
        Array.from({ length: Math.min(25, N - i) }, (_, j) => send(i + j)),
      );
      ids.forEach((id, j) => {
        if (id !== null) retried.set(i + j, id);
      });
    }
    expect(retried.size).toBe(N);
    // Every acknowledged example is still there, under the same id.
    for (const [i, id] of acknowledged) expect(retried.get(i), `submission ${i}`).toBe(id);
    // Exactly one example per submission: nothing duplicated.
    expect(new Set(retried.values()).size).toBe(N);
    const me = (await (
      await fetch(`${base}/users/${user.id}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { examples_submitted: number };
    expect(me.examples_submitted).toBe(N);
    server.child.kill('SIGINT');
    await server.exited;
  }, 240_000);
});
