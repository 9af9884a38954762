import { hash, verify } from '@node-rs/argon2';

/** Argon2id (the library's default algorithm) with its default cost. */
export const hashPassword = (password: string): Promise<string> => hash(password);

// A fixed hash to verify against when the user does not exist, so timing does not reveal usernames.
let dummy: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummy ??= hash('not-a-real-password');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
