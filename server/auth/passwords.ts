import { hash, verify } from '@node-rs/argon2';

// argon2id with the OWASP-recommended floor (19 MiB, 2 passes): memory-hard, so offline
// guessing of a stolen hash is expensive on GPUs as well.
// algorithm 2 is Algorithm.Argon2id (a const enum, which verbatimModuleSyntax cannot import).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Verifying against a fixed hash when the user does not exist keeps the answer time the same,
// so response timing does not reveal which usernames exist.
let decoy: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | undefined, password: string) {
  if (passwordHash === undefined) {
    decoy ??= hashPassword('plantline-decoy-password');
    await verify(await decoy, password);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
