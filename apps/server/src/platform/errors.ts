import { type ErrorBody, type ErrorCode } from '@dynaloop/contract';
import { randomUUID } from 'node:crypto';
import { type Socket } from 'node:net';
import {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';

/** An error whose message is safe to show to the client. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: Array<{ path: string; message: string }>,
  ) {
    super(message);
  }
}

/** The catalogue: every error the API answers with is made here. */
export const errors = {
  badRequest: (message: string, details?: AppError['details']) =>
    new AppError(400, 'bad_request', message, details),
  validation: (message: string, details?: AppError['details']) =>
    new AppError(400, 'validation_failed', message, details),
  unauthorized: (message = 'Authentication required') => new AppError(401, 'unauthorized', message),
  tokenExpired: () => new AppError(401, 'token_expired', 'Token expired'),
  forbidden: (message = 'Access denied') => new AppError(403, 'forbidden', message),
  notFound: (what = 'Resource') => new AppError(404, 'not_found', `${what} not found`),
  conflict: (message: string) => new AppError(409, 'conflict', message),
  payloadTooLarge: (message = 'Request body is too large') =>
    new AppError(413, 'payload_too_large', message),
  unsupportedMediaType: (message = 'Unsupported content type') =>
    new AppError(415, 'unsupported_media_type', message),
  rateLimited: (message = 'Too many requests, please try again later') =>
    new AppError(429, 'rate_limited', message),
  unavailable: (message = 'Service temporarily unavailable') =>
    new AppError(503, 'service_unavailable', message),
};

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'service_unavailable',
};

/** PostgreSQL error codes caused by what the client sent. */
function fromDatabaseError(err: { code?: string; constraint?: string }): AppError | undefined {
  switch (err.code) {
    case '23505':
      return errors.conflict('A record with the same unique value already exists');
    case '23503':
      return errors.badRequest('The request refers to a record that does not exist');
    case '23514':
      return errors.badRequest('The request breaks a rule of the data model');
    case '22P02':
    case '22003':
    case '22007':
    case '22008':
      return errors.badRequest('A value in the request has the wrong format');
    case '22021':
    case '22P05':
      return errors.badRequest(
        'A text in the request holds a character that cannot be stored (such as \\u0000)',
      );
    case '54000':
      return errors.badRequest('A value in the request is too large to be stored');
    default:
      // Any other data exception (class 22) is about a value the client sent.
      return err.code?.startsWith('22')
        ? errors.badRequest('A value in the request cannot be stored')
        : undefined;
  }
}

/** Messages of the multipart parser (busboy) when a body is not well-formed multipart. */
const MULTIPART_PARSE_ERROR =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of (multipart data|form)|Malformed part header|\w+ terminated early due to unexpected end of multipart data|Unsupported content type)/;

function fromMultipartError(err: {
  message?: unknown;
  statusCode?: unknown;
}): AppError | undefined {
  if (typeof err.message !== 'string' || err.statusCode !== undefined) return undefined;
  if (!MULTIPART_PARSE_ERROR.test(err.message)) return undefined;
  return errors.badRequest(`The multipart/form-data body is malformed: ${err.message}`);
}

/** Errors Fastify raises before a route is found (the frameworkErrors option). */
export function frameworkError(err: FastifyError): AppError {
  switch (err.code) {
    case 'FST_ERR_BAD_URL':
      return errors.badRequest('The URL holds an invalid percent-encoding');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError(414, 'uri_too_long', 'A path segment of the URL is too long');
    default:
      return toAppError(err) ?? errors.badRequest('The request could not be routed');
  }
}

function toAppError(err: unknown): AppError | undefined {
  if (err instanceof AppError) return err;
  if (hasZodFastifySchemaValidationErrors(err)) {
    const details = err.validation.map((v) => ({
      path: `${err.validationContext ?? 'request'}${v.instancePath.replace(/\//g, '.')}`,
      message: v.message ?? 'is invalid',
    }));
    const first = details[0];
    return errors.validation(
      first ? `${first.path}: ${first.message}` : 'Invalid request',
      details,
    );
  }
  const dbError = fromDatabaseError(err as { code?: string });
  if (dbError) return dbError;
  const multipartError = fromMultipartError(err as { message?: unknown; statusCode?: unknown });
  if (multipartError) return multipartError;
  const fe = err as FastifyError;
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    return new AppError(fe.statusCode, STATUS_CODES[fe.statusCode] ?? 'bad_request', fe.message);
  }
  return undefined;
}

export function errorBody(err: AppError, requestId: string): ErrorBody {
  return {
    status_code: err.statusCode,
    error: err.message,
    code: err.code,
    request_id: requestId,
    ...(err.details ? { details: err.details } : {}),
  };
}

/** One handler for every error: client faults become 4xx; anything else a generic 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err, request, reply) => {
    const appError = toAppError(err);
    if (appError) {
      if (appError.statusCode >= 500) request.log.error({ err }, appError.message);
      const retryAfter = (appError as { retryAfterSeconds?: number }).retryAfterSeconds;
      if (appError.statusCode === 429 && retryAfter)
        reply.header('retry-after', String(retryAfter));
      return reply.status(appError.statusCode).send(errorBody(appError, request.id));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
    } else {
      request.log.error({ err }, 'unhandled error');
    }
    return reply.status(500).send({
      status_code: 500,
      error: 'Internal server error',
      code: 'internal',
      request_id: request.id,
    } satisfies ErrorBody);
  });
}

/** The frameworkErrors option: Fastify's own routing errors answered in the catalogue's shape. */
export function answerFrameworkError(
  err: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const appError = frameworkError(err);
  void reply
    .status(appError.statusCode)
    .header('x-request-id', request.id)
    .send(errorBody(appError, request.id));
}

/**
 * The clientErrorHandler option: a request the HTTP parser cannot read (a malformed request
 * line or header) is answered in the catalogue's shape too, with a request id of its own.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy(err);
    return;
  }
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  const appError = tooLarge
    ? new AppError(431, 'bad_request', 'The request headers are too large')
    : errors.badRequest('The request is not valid HTTP');
  const requestId = randomUUID();
  const body = JSON.stringify(errorBody(appError, requestId));
  socket.end(
    `HTTP/1.1 ${appError.statusCode} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
      `Connection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `X-Request-Id: ${requestId}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
