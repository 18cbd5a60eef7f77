import type * as FsModule from 'node:fs';
import fs from 'node:fs/promises';
import type * as FsPromisesModule from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FsBlobStorage } from './storage.js';

/**
 * Opening a file can finish after the upload already failed (the thread pool is busy, the disk
 * is slow). `slowOpen.ms` delays every open of this module's file system, whichever API opens.
 */
const slowOpen = vi.hoisted(() => ({ ms: 0 }));
const pause = () => new Promise((resolve) => setTimeout(resolve, slowOpen.ms));

vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof FsModule>();
  const open = ((...args: Parameters<typeof actual.open>) => {
    void pause().then(() => Reflect.apply(actual.open, undefined, args));
  }) as typeof actual.open;
  const createWriteStream: typeof actual.createWriteStream = (file, options) =>
    actual.createWriteStream(file, {
      ...(typeof options === 'string' ? { encoding: options } : options),
      fs: { open, write: actual.write, writev: actual.writev, close: actual.close },
    });
  return { ...actual, default: { ...actual, createWriteStream }, createWriteStream };
});

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof FsPromisesModule>();
  const open: typeof actual.open = async (...args) => {
    await pause();
    return actual.open(...args);
  };
  return { ...actual, default: { ...actual, open }, open };
});

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

  it('leaves no temporary file behind when the file opens after the source failed', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'dynaloop-blobs-slow-'));
    slowOpen.ms = 50;
    try {
      const storage = new FsBlobStorage(root);
      const failing = new Readable({
        read() {
          this.destroy(new Error('client went away'));
        },
      });
      await expect(storage.put('x/y.jsonl', failing)).rejects.toThrow('client went away');
      // Long enough for any open still under way to have created its file.
      await new Promise((resolve) => setTimeout(resolve, 3 * slowOpen.ms));
      expect(await fs.readdir(path.join(root, 'x'))).toEqual([]);
    } finally {
      slowOpen.ms = 0;
      await fs.rm(root, { recursive: true, force: true });
    }
  });

  it('two uploads of one key at the same instant both succeed, one of them wins', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'dynaloop-blobs-race-'));
    try {
      const storage = new FsBlobStorage(root);
      const bodies = Array.from({ length: 8 }, (_, i) => `version ${i}`);
      await Promise.all(bodies.map((body) => storage.put('k/same.txt', Readable.from([body]))));
      expect(bodies).toContain((await storage.get('k/same.txt')).toString());
      expect(await fs.readdir(path.join(root, 'k'))).toEqual(['same.txt']);
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });
});
