import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FsBlobStorage } from './storage.js';

describe('FsBlobStorage', () => {
  let root: string;
  let storage: FsBlobStorage;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'dynaloop-blobs-'));
    storage = new FsBlobStorage(root);
  });
  afterAll(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  it('stores, reads, streams and deletes blobs', async () => {
    await storage.put('a/b.txt', 'hello');
    await storage.put('a/c.txt', Readable.from(['str', 'eam']));
    expect((await storage.get('a/b.txt')).toString()).toBe('hello');
    let streamed = '';
    for await (const chunk of storage.stream('a/c.txt')) streamed += String(chunk);
    expect(streamed).toBe('stream');
    await storage.delete('a/b.txt');
    expect(await storage.exists('a/b.txt')).toBe(false);
  });

  it('refuses keys that would escape its folder', async () => {
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', '']) {
      await expect(storage.put(key, 'x'), key).rejects.toThrow(/unsafe blob key/);
    }
  });
});

describe('FsBlobStorage.put when the source fails', () => {
  it('leaves no partial file behind', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'dynaloop-blobs-fail-'));
    try {
      const storage = new FsBlobStorage(root);
      const failing = new Readable({
        read() {
          this.push('partial');
          this.destroy(new Error('client went away'));
        },
      });
      await expect(storage.put('x/y.jsonl', failing)).rejects.toThrow('client went away');
      expect(await fs.readdir(path.join(root, 'x'))).toEqual([]);
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });
});
