import { hash, verify, type Algorithm } from '@node-rs/argon2';

// Algorithm is an ambient const enum, which verbatimModuleSyntax cannot read as a value: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm.Argon2id;

/**
 * argon2id at OWASP's minimum (19 MiB, t=2, p=1; DESIGN.md 5). @node-rs/argon2 runs in libuv's thread pool,
 * so hashing never blocks the event loop.
 */
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, options);

export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};
