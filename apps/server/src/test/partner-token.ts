import type { TestApp } from './build-test-app.ts';

/** The token endpoint's answer to a partner client's client-credentials grant, with its secret by HTTP Basic. */
export const requestPartnerToken = (t: TestApp, clientId: string, secret: string, scope: string) =>
  t.app.inject({
    method: 'POST',
    url: '/oauth2/token',
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams({ grant_type: 'client_credentials', scope }).toString(),
  });
