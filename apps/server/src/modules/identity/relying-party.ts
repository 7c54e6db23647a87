import type { FastifyInstance, InjectOptions } from 'fastify';
import * as client from 'openid-client';
import { OIDC_PATH, WEB_CLIENT_ID } from '@app/contracts/sign-in';

/**
 * The web app's server side as a client of our own provider (docs/product/calls-and-errors.md §S7.3):
 * openid-client over an in-process fetch, so a code exchange never leaves the process yet goes through the
 * provider's real token endpoint with its real checks (client authentication, PKCE, single-use codes).
 */
export function inProcessFetch(app: FastifyInstance, publicUrl: string): client.CustomFetch {
  const base = new URL(publicUrl);
  return async (url, options) => {
    const target = new URL(url);
    const body = options.body;
    const response = await app.inject({
      method: options.method as InjectOptions['method'],
      url: `${target.pathname}${target.search}`,
      headers: {
        ...options.headers,
        host: base.host,
        'x-forwarded-host': base.host,
        'x-forwarded-proto': base.protocol.replace(':', ''),
      },
      ...(body === undefined || body === null
        ? {}
        : {
            payload:
              typeof body === 'string'
                ? body
                : body instanceof URLSearchParams
                  ? body.toString()
                  : Buffer.from(body as ArrayBuffer),
          }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
    }
    const noBody = response.statusCode === 204 || response.statusCode === 304;
    return new Response(noBody ? null : new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      headers,
    });
  };
}

export interface RelyingParty {
  configuration(): Promise<client.Configuration>;
}

export function createRelyingParty(
  app: FastifyInstance,
  publicUrl: string,
  clientSecret: string,
): RelyingParty {
  let discovered: Promise<client.Configuration> | undefined;
  return {
    configuration() {
      discovered ??= client
        .discovery(
          new URL(`${publicUrl}${OIDC_PATH}`),
          WEB_CLIENT_ID,
          undefined,
          client.ClientSecretBasic(clientSecret),
          {
            [client.customFetch]: inProcessFetch(app, publicUrl),
            execute: publicUrl.startsWith('http://') ? [client.allowInsecureRequests] : [],
          },
        )
        .catch((error: unknown) => {
          discovered = undefined;
          throw error;
        });
      return discovered;
    },
  };
}
