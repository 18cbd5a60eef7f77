import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresProcessesFor } from '../../test/process.js';
import { choosePort, startEmbeddedPostgres } from './embedded.js';

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL', () => {
  let tmp: string;
  beforeAll(async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'dynaloop-embedded-'));
    await fs.chmod(tmp, 0o755);
  });
  afterAll(async () => {
    await fs.rm(tmp, { recursive: true, force: true });
  });

  it('creates a cluster, keeps data across restarts, recovers a stale lock and stops cleanly', async () => {
    const dataDir = path.join(tmp, 'postgres');
    const first = await startEmbeddedPostgres({
      dataDir,
      preferredPort: 0,
      fast: true,
      log: () => undefined,
    });
    await query(first.url, 'CREATE TABLE kept (v int); INSERT INTO kept VALUES (42)');
    await first.stop();
    expect(await postgresProcessesFor(dataDir)).toEqual([]);

    // A crash leaves a lock file naming a PID that is no longer postgres.
    await fs.writeFile(path.join(dataDir, 'postmaster.pid'), `${process.pid}\n${dataDir}\n`);
    const second = await startEmbeddedPostgres({
      dataDir,
      preferredPort: 0,
      fast: true,
      log: () => undefined,
    });
    const { rows } = await query(second.url, 'SELECT v FROM kept');
    expect(rows).toEqual([{ v: 42 }]);
    await second.stop();
    expect(await postgresProcessesFor(dataDir)).toEqual([]);
  });

  it('listens on loopback only, with a password', async () => {
    const dataDir = path.join(tmp, 'loopback');
    const server = await startEmbeddedPostgres({
      dataDir,
      preferredPort: 0,
      fast: true,
      log: () => undefined,
    });
    try {
      const { rows } = await query(server.url, "SELECT current_setting('listen_addresses') AS l");
      expect(rows[0].l).toBe('127.0.0.1');
      const noPassword = new URL(server.url);
      noPassword.password = 'wrong';
      await expect(query(noPassword.toString(), 'SELECT 1')).rejects.toThrow(
        /password authentication failed/,
      );
    } finally {
      await server.stop();
    }
  });

  it('chooses another port when the preferred one is taken', async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen({ port: 0, host: '127.0.0.1' }, () => r()));
    const taken = (blocker.address() as net.AddressInfo).port;
    try {
      const port = await choosePort(taken);
      expect(port).not.toBe(taken);
      expect(port).toBeGreaterThan(0);
    } finally {
      blocker.close();
    }
  });
});
