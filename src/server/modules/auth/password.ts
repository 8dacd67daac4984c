import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * argon2id with the OWASP minimum (19 MiB, 2 passes, 1 lane): about 25 ms per hash here,
 * slow enough to hurt offline guessing, fast enough for login under load. `Algorithm` is
 * an ambient const enum, which isolated modules cannot read, hence the literal.
 */
const OPTIONS = {
  algorithm: 2 satisfies Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export interface HashOptions {
  /**
   * A fixed salt makes the hash reproducible. Only the demo seed uses it, so that the
   * same seed gives the same rows; real passwords always get a fresh random salt.
   */
  salt?: Uint8Array;
}

export function hashPassword(password: string, options: HashOptions = {}): Promise<string> {
  return hash(password, options.salt ? { ...OPTIONS, salt: options.salt } : OPTIONS);
}

/** False for a wrong password and for a stored value that is not an argon2 hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
