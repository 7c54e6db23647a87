import { request } from '../../../shared/http/client.ts';

/** Closes the account after the password (issue 12; the spec does not show this call). */
export const closeAccount = (password: string) =>
  request<{ description: string }>('/customer-management-api/customer/close', {
    method: 'POST',
    body: { password, confirm: true },
  });
