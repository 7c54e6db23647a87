import type { ConversionChallenge, ConversionStart } from '@app/contracts/linked-partners';
import { readStored, removeStored, writeStored } from '../../shared/storage/storage.ts';

const KEY = 'pendingConversion';

export type PendingConversion = ConversionChallenge & ConversionStart;

/** The conversion waiting for its code, kept for this tab only (session storage), never in the address. */
export const keepPendingConversion = (value: PendingConversion) =>
  writeStored(KEY, JSON.stringify(value), 'session');

export const readPendingConversion = (): PendingConversion | undefined => {
  const raw = readStored(KEY, 'session');
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as PendingConversion;
  } catch {
    return undefined;
  }
};

export const forgetPendingConversion = () => removeStored(KEY, 'session');
