import { SP_ERROR, SP_MESSAGE } from '@app/contracts/linked-partners';
import { readStored, removeStored, writeStored } from '../../shared/storage/storage.ts';

/**
 * The partner return flow (docs/product/signed-in-pages.md §S3, docs/product/calls-and-errors.md §S8): a step
 * that ends on another page leaves its outcome in local storage under SP_ERROR or SP_MESSAGE; the page it
 * returns to shows it once and clears it.
 */
export const leaveReturnMessage = (kind: 'error' | 'message', text: string) => {
  removeStored(kind === 'error' ? SP_MESSAGE : SP_ERROR);
  writeStored(kind === 'error' ? SP_ERROR : SP_MESSAGE, text);
};

/** The waiting outcome, if any (read without clearing; clearReturnMessage clears it). */
export const peekReturnMessage = (): { kind: 'error' | 'message'; text: string } | undefined => {
  const error = readStored(SP_ERROR);
  if (error) return { kind: 'error', text: error };
  const message = readStored(SP_MESSAGE);
  if (message) return { kind: 'message', text: message };
  return undefined;
};

export const clearReturnMessage = () => {
  removeStored(SP_ERROR);
  removeStored(SP_MESSAGE);
};
