import { consentPaths } from '@app/contracts/consent-paths';
import { consentDecisionResponseSchema } from '@app/contracts/connected-apps';
import { request } from '../../shared/http/client.ts';

/** POST /identity-api/consent/{uid}: the member's answer; answers where the browser continues. */
export const decideConsent = async (uid: string, allow: boolean) =>
  (
    await request(consentPaths.consent(uid), {
      schema: consentDecisionResponseSchema,
      method: 'POST',
      body: { allow },
      redirectOnUnauthorized: false,
    })
  ).location;
