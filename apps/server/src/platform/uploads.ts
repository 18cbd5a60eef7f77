import { type MultipartFile } from '@fastify/multipart';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { errors } from './errors.js';

/** Room for the multipart framing (boundaries, part headers) around the file itself. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1 && value % 1024 === 0) {
    value /= 1024;
    unit++;
  }
  return `${value} ${units[unit]}`;
}

export const tooLarge = (what: string, limit: number) =>
  errors.payloadTooLarge(`${what} is larger than ${formatBytes(limit)}`);

/** Stops reading the request: what the client still sends is never read (see closeUnreadRequests). */
function stopReading(request: FastifyRequest): void {
  request.raw.unpipe();
  request.raw.pause();
}

/**
 * The one file of a multipart upload, limited to `limit` bytes. A declared Content-Length over
 * the limit is refused before any of the body is read; a body without one (chunked) is cut as
 * soon as the file passes the limit: the file stream is destroyed with a 413 (its reader throws
 * it; `truncated` is set), and the rest of the request is left unread.
 */
export async function receiveUpload(
  request: FastifyRequest,
  limit: number,
  what: string,
): Promise<MultipartFile | undefined> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit + MULTIPART_OVERHEAD_BYTES) {
    throw tooLarge(what, limit);
  }
  const file = await request.file({ limits: { fileSize: limit, files: 1 } });
  file?.file.once('limit', () => {
    stopReading(request);
    // Ends whoever reads the file (toBuffer, a line reader) with the reason, at once.
    file.file.destroy(tooLarge(what, limit));
  });
  return file;
}

/**
 * An onSend hook: an answer sent before the request body was read to its end (a refused or cut
 * upload) closes the connection, so that Node does not read and discard the rest of the body.
 */
export async function closeUnreadRequests(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const hasBody =
    request.headers['transfer-encoding'] !== undefined ||
    Number(request.headers['content-length'] ?? 0) > 0;
  if (hasBody && request.raw.complete === false) reply.header('connection', 'close');
}
