import { randomUUID } from 'node:crypto';
import { AVATAR_EXTENSIONS } from '@dynaloop/contract';
import { type MultipartFile } from '@fastify/multipart';
import { MESSAGES } from '@dynaloop/contract';
import { errors } from '../../platform/errors.js';
import { type BlobStorage } from '../../platform/storage.js';
import { tooLarge } from '../../platform/uploads.js';

const SIGNATURES: Record<string, (b: Buffer) => boolean> = {
  png: (b) =>
    b.length > 8 &&
    b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  jpg: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
};
SIGNATURES.jpeg = SIGNATURES.jpg!;

export const AVATAR_PREFIX = 'avatars/';
export const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

/**
 * Checks an uploaded avatar by name and by content (a .png must start like a PNG), then stores
 * it under a random name. Returns the blob's file name.
 */
export async function storeAvatar(
  storage: BlobStorage,
  file: MultipartFile | undefined,
  limit: number,
): Promise<string> {
  if (!file || file.fieldname !== 'file') {
    file?.file.resume();
    throw errors.badRequest('No file was uploaded (form field "file")');
  }
  const ext = /\.([A-Za-z]+)$/.exec(file.filename)?.[1]?.toLowerCase();
  if (!ext || !(AVATAR_EXTENSIONS as readonly string[]).includes(ext)) {
    file.file.resume();
    throw errors.unsupportedMediaType(MESSAGES.invalidAvatar);
  }
  // Throws once the file passes the limit (receiveUpload stops reading the request there).
  const content = await file.toBuffer().catch((err: unknown) => {
    if (file.file.truncated) throw tooLarge('The avatar', limit);
    throw err;
  });
  if (!SIGNATURES[ext]!(content)) throw errors.unsupportedMediaType(MESSAGES.invalidAvatar);
  const name = `${randomUUID()}.${ext}`;
  await storage.put(`${AVATAR_PREFIX}${name}`, content);
  return name;
}
