import { z } from 'zod';
import { MESSAGES } from './messages.js';
import { passwordSchema, userPrivate, usernameSchema } from './users.js';

/** A basic address pattern, as the registration form checks it. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailSchema = z
  .string()
  .trim()
  .min(1, MESSAGES.required)
  .max(254, MESSAGES.invalidEmail)
  .regex(EMAIL_PATTERN, MESSAGES.invalidEmail);

export const loginBody = z
  .object({
    email: z.string().trim().min(1, MESSAGES.required),
    password: z.string().min(1, MESSAGES.required).max(1024),
  })
  .meta({ id: 'Login' });

export const registerBody = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    username: usernameSchema,
    invite_code: z.string().trim().optional(),
  })
  .meta({ id: 'Register' });
export type RegisterBody = z.infer<typeof registerBody>;

export const authResult = z
  .object({ user: userPrivate, token: z.string() })
  .meta({ id: 'AuthResult' });
export type AuthResult = z.infer<typeof authResult>;

export const tokenResult = z.object({ token: z.string() });

export const recoverInitiateBody = z.object({
  email: z.string().trim().min(1, MESSAGES.required).max(254),
});
export const recoverResolveBody = z.object({
  email: z.string().trim().min(1, MESSAGES.required),
  password: passwordSchema,
});
export const tokenParam = z.object({ token: z.string().min(16).max(200) });

export const apiTokenCreated = z.object({
  id: z.number().int(),
  api_token: z.string(),
  created_at: z.string(),
});
export type ApiTokenCreated = z.infer<typeof apiTokenCreated>;
export const apiTokenItem = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ApiTokenItem = z.infer<typeof apiTokenItem>;

/** Who may call a route. */
export type RouteAuth =
  | 'none' // public
  | 'optional' // public, but a valid user token is recognised
  | 'user' // a logged-in user (session or API token)
  | 'user-or-trial' // also a guest trial token: only routes that call models
  | 'user-or-crowd'; // also a task's crowd credential (Authorization: Crowd <token>)

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const TRIAL_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;
export const PASSWORD_RESET_TTL_MINUTES = 60;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
