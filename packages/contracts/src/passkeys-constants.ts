import type { ErrorCode } from './error-codes.ts';

/**
 * The calls. The sign-in pair belongs to sign-in (session-api); the rest to the account (customer
 * management).
 */
export const PASSKEY_PATHS = {
  signInOptions: '/session-api/session/passkey/options',
  signIn: '/session-api/session/passkey',
  list: '/customer-management-api/passkeys',
  registrationOptions: '/customer-management-api/passkeys/registration-options',
  one: (id: string) => `/customer-management-api/passkeys/${encodeURIComponent(id)}`,
} as const;

/** Error codes of the passkey calls (`{code, description}`, docs/architecture.md "Platform contracts"). */
export const PASSKEY_ERROR_CODES = {
  /** The browser answered a challenge that is unknown, used or past its 5 minutes. */
  expired: 'PASSKEY_CHALLENGE_EXPIRED',
  /** No passkey of an active account has that credential id (never added, removed, or the account closed). */
  notRecognised: 'PASSKEY_NOT_RECOGNISED',
  /** The passkey is known but its answer did not verify (signature, origin, counter, user verification). */
  refused: 'PASSKEY_REFUSED',
  /** The security page's passkey is not (or no longer) the member's. */
  notFound: 'PASSKEY_NOT_FOUND',
  /** The browser already holds a passkey of this account (the authenticator refused a second one). */
  alreadyAdded: 'PASSKEY_ALREADY_ADDED',
  /** At most MAX_PASSKEYS per member. */
  tooMany: 'PASSKEY_LIMIT',
} as const satisfies Record<string, ErrorCode>;

/** Passkeys one member can hold: enough for every phone, laptop and key they own. */
export const MAX_PASSKEYS = 10;
export const PASSKEY_NAME_MAX_LENGTH = 40;

export const passkeyMessages = {
  signInButton: 'Log in with a passkey',
  /** The member closed the browser's passkey sheet, or it timed out. */
  cancelled: "You didn't finish logging in with your passkey. Try again, or enter your card number.",
  expired: 'Your passkey log in took too long. Please try again.',
  notRecognised:
    "We don't recognise that passkey. It may have been removed from your account. Log in with your card number and password instead.",
  refused:
    "We couldn't log you in with that passkey. Try again, or log in with your card number and password.",
  unsupported: "This browser can't use passkeys. Log in with your card number and password.",
  added: "Passkey added. Next time, choose 'Log in with a passkey' on the log in page.",
  addCancelled: "The passkey wasn't added. You can try again when you're ready.",
  addFailed: "We couldn't add a passkey on this device. Please try again.",
  addUnsupported:
    "This browser can't make passkeys. To add one, open this page in Chrome, Safari or Edge on your phone or computer.",
  alreadyAdded: 'This device already has a passkey for your account.',
  tooMany: `You can have up to ${MAX_PASSKEYS} passkeys. Remove one you no longer use, then try again.`,
  renamed: 'Passkey renamed.',
  removed: "Passkey removed. It can't be used to log in any more.",
  notFound: 'That passkey has already been removed.',
  nameEmpty: 'Enter a name for this passkey',
  nameTooLong: `Use ${PASSKEY_NAME_MAX_LENGTH} characters or fewer`,
} as const;
