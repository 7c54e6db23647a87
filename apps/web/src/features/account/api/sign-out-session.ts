import { descriptionResponseSchema } from '@app/contracts/account';
import { request } from '../../../shared/http/client.ts';

/** Logs one other device out (the security page's list of devices). */
export const signOutSession = (sessionId: string) =>
  request(`/customer-management-api/account/sessions/${encodeURIComponent(sessionId)}/sign-out`, {
    schema: descriptionResponseSchema,
    method: 'POST',
  });
