import { z } from 'zod';

/**
 * Every non-2xx answer of the API has this body. `status_code` and `error` are the
 * fields clients of the original API read; `code` is stable and documented in
 * docs/errors.md; `request_id` ties the answer to the server log.
 */
export const errorBody = z
  .object({
    status_code: z.number().int(),
    error: z.string(),
    code: z.string(),
    request_id: z.string().optional(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBody>;

/** The stable error codes the API may answer with. */
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'token_expired',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'payload_too_large',
  'uri_too_long',
  'unsupported_media_type',
  'rate_limited',
  'service_unavailable',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
