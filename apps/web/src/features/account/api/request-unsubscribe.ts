import { request } from '../../../shared/http/client.ts';

/** POST /unsubscribe/request {token} (signed-in spec 7.4, anonymous): which address the link is for. */
export const requestUnsubscribe = (token: string) =>
  request<{ email: string; maskedEmail: string }>('/customer-management-api/unsubscribe/request', {
    method: 'POST',
    body: { token },
    redirectOnUnauthorized: false,
  });
