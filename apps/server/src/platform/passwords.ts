import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id. Cost chosen so one hash takes roughly 50–150 ms on the 2-core reference machine
 * (measured in bench/: ~70 ms here). At most 4 hashes run at once (libuv threads), so memory
 * stays bounded at 4 × 64 MiB.
 */
export const ARGON2_OPTIONS = { memoryCost: 65_536, timeCost: 4, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  // algorithm 2 = Argon2id (the package's const enum cannot be imported under isolatedModules)
  return hash(password, { ...ARGON2_OPTIONS, algorithm: 2 });
}

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
