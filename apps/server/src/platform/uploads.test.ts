import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppInstance } from '../app.js';
import { makeOwnedTask, makeUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/support.js';

const MB = 1024 * 1024;

interface Sent {
  status: number;
  body: string;
  /** Bytes the client managed to hand to the socket before the server answered and closed. */
  bytesSent: number;
}

/**
 * Posts a multipart body of `total` bytes over real HTTP, produced lazily: the client can only
 * send as fast as the server reads (plus socket buffers), so what it sent bounds what was read.
 */
function postLarge(
  url: string,
  total: number,
  headers: Record<string, string>,
  declareLength: boolean,
): Promise<Sent> {
  const boundary = 'dynaloop-large-upload';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\n` +
      `Content-Type: image/png\r\n\r\n`,
  );
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  let produced = 0;
  const source = new Readable({
    read() {
      if (produced === 0) {
        produced += head.length;
        this.push(head);
      } else if (produced >= total) {
        this.push(null);
      } else {
        produced += chunk.length;
        this.push(chunk);
      }
    },
  });
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        ...(declareLength ? { 'content-length': String(total) } : {}),
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => {
        source.unpipe(req);
        source.destroy();
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body, bytesSent: produced });
      });
    });
    // The server closes the connection while the client still writes: expected.
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE' && err.code !== 'ECONNRESET') reject(err);
    });
    source.pipe(req);
  });
}

describe('uploads stop at their limit', () => {
  let t: TestApp;
  let app: AppInstance;
  let base: string;
  const bytesRead: number[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      config: { uploadLimits: { avatar: 5 * MB, dataset: 256 * 1024, contexts: 256 * 1024 } },
    });
    app = await buildApp(t.deps);
    // What the server read from the socket, by the time each answer went out.
    app.addHook('onResponse', async (request) => {
      bytesRead.push(request.raw.socket.bytesRead);
    });
    base = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  /** The files (not folders) stored under a blob folder. */
  const blobs = async (folder: string) => {
    const entries = await fs
      .readdir(path.join(t.tmpDir, 'blobs', folder), { recursive: true, withFileTypes: true })
      .catch(() => []);
    return entries.filter((e) => e.isFile()).map((e) => e.name);
  };

  it('a 200 MB avatar to its 5 MB route is cut early (chunked, no length given)', async ({
    annotate,
  }) => {
    const user = await makeUser(t.db);
    const token = await t.deps.tokens.signUser(user);
    const sent = await postLarge(
      `${base}/api/users/${user.id}/avatar/upload`,
      200 * MB,
      { authorization: `Bearer ${token}` },
      false,
    );
    const read = bytesRead.at(-1)!;
    await annotate(
      `200 MB avatar, chunked: ${sent.status}; server read ${(read / MB).toFixed(1)} MB, client sent ${(sent.bytesSent / MB).toFixed(1)} MB`,
    );
    expect(sent.status).toBe(413);
    expect(JSON.parse(sent.body)).toMatchObject({
      code: 'payload_too_large',
      error: 'The avatar is larger than 5 MiB',
    });
    expect(read).toBeLessThan(12 * MB);
    expect(sent.bytesSent).toBeLessThan(40 * MB);
    // Nothing stored, nothing changed; the server answers as before.
    expect(await blobs('avatars')).toEqual([]);
    const row = await t.db
      .selectFrom('users')
      .select('avatar_url')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.avatar_url).toBeNull();
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  });

  it('a declared length over the limit is refused before the body is read', async () => {
    const user = await makeUser(t.db);
    const token = await t.deps.tokens.signUser(user);
    const sent = await postLarge(
      `${base}/api/users/${user.id}/avatar/upload`,
      200 * MB,
      { authorization: `Bearer ${token}` },
      true,
    );
    expect(sent.status).toBe(413);
    expect(bytesRead.at(-1)!).toBeLessThan(2 * MB);
    expect(await blobs('avatars')).toEqual([]);
  });

  it('a dataset and a contexts file over their configured limits are cut; nothing is stored', async () => {
    const { owner, task, rounds } = await makeOwnedTask(t.db);
    const token = await t.deps.tokens.signUser(owner);
    const auth = { authorization: `Bearer ${token}` };
    const dataset = await postLarge(
      `${base}/api/datasets/create/${task.id}/too-big`,
      50 * MB,
      auth,
      false,
    );
    expect(dataset.status).toBe(413);
    expect(JSON.parse(dataset.body).error).toBe('The dataset file is larger than 256 KiB');
    expect(bytesRead.at(-1)!).toBeLessThan(8 * MB);
    const contexts = await postLarge(
      `${base}/api/contexts/upload/${task.id}/${rounds[0]!.rid}`,
      50 * MB,
      auth,
      false,
    );
    expect(contexts.status).toBe(413);
    expect(bytesRead.at(-1)!).toBeLessThan(8 * MB);
    const stored = await t.db
      .selectFrom('datasets')
      .select('id')
      .where('tid', '=', task.id)
      .execute();
    expect(stored).toEqual([]);
    const contextRows = await t.db
      .selectFrom('contexts')
      .select('id')
      .where('r_realid', '=', rounds[0]!.id)
      .execute();
    expect(contextRows).toEqual([]);
    expect(await blobs('datasets')).toEqual([]);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  });
});
