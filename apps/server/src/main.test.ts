import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresProcessesFor, serverWorkspace, startServerProcess } from '../test/process.js';

describe('the server process', () => {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ env, cleanup } = await serverWorkspace('main'));
  });
  afterAll(async () => {
    await cleanup();
  });

  it('starts on a fresh folder, stops on Ctrl-C with no postgres left, and keeps data on a second start', async () => {
    const first = startServerProcess(env);
    await first.waitFor('is running at');
    expect(first.output()).toContain('password:');
    const base = `http://127.0.0.1:${env.PORT}`;
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    const tasks = (await (await fetch(`${base}/api/tasks`)).json()) as unknown[];
    expect(tasks.length).toBe(8);
    expect(await (await fetch(`${base}/`)).text()).toContain('<title>home</title>');

    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    expect(await postgresProcessesFor(path.join(env.DATA_DIR!, 'postgres'))).toEqual([]);

    const second = startServerProcess(env);
    await second.waitFor('is running at');
    expect(second.output()).not.toContain('password:');
    const again = (await (await fetch(`${base}/api/tasks`)).json()) as unknown[];
    expect(again.length).toBe(8);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(await postgresProcessesFor(path.join(env.DATA_DIR!, 'postgres'))).toEqual([]);
  }, 180_000);

  it('refuses to start, with a clear message, when DATABASE_URL is unreachable', async () => {
    const run = startServerProcess({
      ...env,
      DATABASE_URL: 'postgres://u:p@127.0.0.1:9/nothing',
      JWT_SECRET: 'x'.repeat(40),
    });
    expect(await run.exited).toBe(69);
    expect(run.output()).toContain('Cannot reach the database at 127.0.0.1:9/nothing');
    expect(run.output()).not.toContain('u:p@');
  }, 60_000);

  it('refuses to start with invalid configuration, listing the problem', async () => {
    const run = startServerProcess({ ...env, PORT: 'not-a-port' });
    expect(await run.exited).toBe(78);
    expect(run.output()).toContain('Invalid configuration');
    expect(run.output()).toContain('PORT');
  }, 60_000);
});
