import { hash } from 'node:crypto';

/**
 * SHA-256 of a token, code or other secret, base64url: what is stored and looked up instead of the secret
 * itself. Node's one-shot `hash` is cheaper than `createHash` for a short string; a signed-in request hashes
 * its session cookie.
 */
export const hashOf = (value: string) => hash('sha256', value, 'base64url');
