/**
 * The email the temporary card was asked for, kept in session storage (like registration state,
 * docs/product/registration-and-sign-in.md §R3) so the success page can show it and re-send to it, and so a
 * reload keeps it.
 */
const KEY = 'tempCardEmail';

export const saveTempCardEmail = (email: string) => {
  try {
    sessionStorage.setItem(KEY, email);
  } catch {
    // Storage can be unavailable (private mode); the success page then offers to start again.
  }
};

export const readTempCardEmail = (): string | undefined => {
  try {
    return sessionStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
};
