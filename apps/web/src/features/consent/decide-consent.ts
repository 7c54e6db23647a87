import { consentDecisionResponseSchema } from '@app/contracts/connected-apps';
import { request } from '../../shared/http/client.ts';

/** POST /identity-api/consent/{uid}: the member's answer; answers where the browser continues. */
export const decideConsent = async (uid: string, allow: boolean) =>
  (
    await request(`/identity-api/consent/${encodeURIComponent(uid)}`, {
      schema: consentDecisionResponseSchema,
      method: 'POST',
      body: { allow },
      redirectOnUnauthorized: false,
    })
  ).location;
