import { descriptionResponseSchema } from '@app/contracts/account';
import { request } from '../../../shared/http/client.ts';

/** Ends every other session of the member (the security page). */
export const signOutOthers = () =>
  request('/customer-management-api/account/sessions/sign-out-others', {
    schema: descriptionResponseSchema,
    method: 'POST',
  });
