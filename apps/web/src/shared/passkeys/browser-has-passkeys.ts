/**
 * Whether this browser can run a WebAuthn ceremony at all (what @simplewebauthn/browser's
 * browserSupportsWebAuthn checks), without loading that library: pages hide their passkey buttons otherwise.
 */
export const browserHasPasskeys = (): boolean =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
