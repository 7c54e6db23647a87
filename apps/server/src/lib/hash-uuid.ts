import { createHash } from 'node:crypto';

/** A UUID (version 4 in form) made from `seed`: the same seed always gives the same id, so a repeat finds it. */
export function hashUuid(seed: string) {
  const h = createHash('sha256').update(seed).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
