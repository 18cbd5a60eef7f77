import { type FastifyReply, type FastifyRequest } from 'fastify';

/** Browser features the app never uses, switched off for every page it serves. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'interest-cohort=()',
].join(', ');

/** Two years, as the HSTS preload list asks. */
export const HSTS = 'max-age=63072000; includeSubDomains';

/** Whether the app is reached over https: its public URL says so, or this request came so. */
export function isHttps(request: FastifyRequest, publicUrl: string | undefined): boolean {
  return request.protocol === 'https' || (publicUrl?.startsWith('https:') ?? false);
}

/**
 * An onSend hook: Permissions-Policy on every answer, HSTS over https, and `no-store` on every
 * answer of an authentication route (tokens must not be kept by a browser or proxy cache).
 */
export function securityHeaders(publicUrl: string | undefined) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (isHttps(request, publicUrl)) reply.header('strict-transport-security', HSTS);
    const tags = (request.routeOptions.schema as { tags?: string[] } | undefined)?.tags;
    if (tags?.includes('auth')) {
      reply.header('cache-control', 'no-store');
      reply.header('pragma', 'no-cache');
    }
  };
}
