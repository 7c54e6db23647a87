import { request } from '../../../shared/http/client.ts';

/** Ends every other session of the member (the security page). */
export const signOutOthers = () =>
  request<{ description: string }>('/customer-management-api/account/sessions/sign-out-others', {
    method: 'POST',
  });
