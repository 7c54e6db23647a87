import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { insideTestRunner } from '../env.ts';

// Algorithm is an ambient const enum, which verbatimModuleSyntax cannot read as a value: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm.Argon2id;

/**
 * argon2id at OWASP's minimum (19 MiB, t=2, p=1; docs/security.md "Baseline"): what `npm start` and every
 * deployment use.
 */
export const PRODUCTION_HASH_COST = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * The smallest cost argon2 takes (8 KiB, t=1), for test runs only: most tests make or check a password
 * without being about hashing, and at the production cost every one of them waited for it (ADR 027). Chosen
 * only inside a Vitest run (Vitest sets VITEST in its processes) and never with NODE_ENV=production; the hash
 * records its own cost, so a password hashed either way verifies the same. `passwords.test.ts` checks that a
 * server started as `npm start` starts it hashes at the production cost.
 */
const TEST_HASH_COST = { memoryCost: 8, timeCost: 1, parallelism: 1 } as const;

export const passwordHashCost = (env?: NodeJS.ProcessEnv) =>
  insideTestRunner(env) ? TEST_HASH_COST : PRODUCTION_HASH_COST;

/** Read once: @node-rs/argon2 runs in libuv's thread pool, so hashing never blocks the event loop. */
const options = { algorithm: ARGON2ID, ...passwordHashCost() } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, options);

export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

let dummyHash: Promise<string> | undefined;
/**
 * Checks a password against no account: the same work as a wrong password, so an unknown card or email costs
 * the same time as a known one (docs/security.md "Baseline").
 */
export const verifyAgainstNoAccount = async (password: string): Promise<void> => {
  dummyHash ??= hashPassword('not-a-password-of-anyone-9!');
  await verifyPassword(await dummyHash, password);
};
