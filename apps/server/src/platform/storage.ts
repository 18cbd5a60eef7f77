import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Blob storage: datasets, uploaded models, avatars, prediction files. `FsBlobStorage` (blobs
 * under DATA_DIR/blobs) is the only implementation; several machines need DATA_DIR/blobs on a
 * shared file system.
 */
export interface BlobStorage {
  put(key: string, body: Buffer | string | Readable): Promise<void>;
  get(key: string): Promise<Buffer>;
  stream(key: string): Readable;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

export class FsBlobStorage implements BlobStorage {
  constructor(private readonly root: string) {}

  private resolve(key: string): string {
    if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '..' || part === '')) {
      throw new Error(`unsafe blob key: ${key}`);
    }
    return path.join(this.root, key);
  }

  async put(key: string, body: Buffer | string | Readable): Promise<void> {
    const file = this.resolve(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // A name of its own per upload: two uploads of one key never share a temporary file.
    const tmp = `${file}.${randomUUID()}.tmp`;
    // The file exists once this resolves, so nothing can create it after the cleanup below.
    const handle = await fs.open(tmp, 'wx');
    try {
      if (typeof body === 'string' || Buffer.isBuffer(body)) {
        await handle.writeFile(body).finally(() => handle.close());
      } else {
        const out = handle.createWriteStream(); // closes the handle when it ends or fails
        // Waits for the close, so that no write is still under way when the file is removed.
        await pipeline(body, out).finally(() => (out.closed ? undefined : once(out, 'close')));
      }
      await fs.rename(tmp, file); // readers never see a half-written blob
    } catch (err) {
      await fs.rm(tmp, { force: true });
      throw err;
    }
  }

  get(key: string): Promise<Buffer> {
    return fs.readFile(this.resolve(key));
  }

  stream(key: string): Readable {
    return createReadStream(this.resolve(key));
  }

  async exists(key: string): Promise<boolean> {
    try {
      await fs.access(this.resolve(key));
      return true;
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.resolve(key), { force: true });
  }
}
