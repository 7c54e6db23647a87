/**
 * One of the page's proof-of-work searchers (get-bot-check-token.ts): ALTCHA's worker loop with the browser's own
 * PBKDF2 (WebCrypto), searching the counters it is given.
 */
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { handler } from 'altcha-lib/workers/shared';

handler({ deriveKey });
