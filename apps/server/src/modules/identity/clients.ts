import { readFileSync } from 'node:fs';
import type { ClientMetadata } from 'oidc-provider';
import { z } from 'zod';
import { brand } from '@app/contracts/brand';
import {
  NATIVE_APP_CLIENT_ID,
  NATIVE_APP_REDIRECT_URI,
  NATIVE_APP_SCOPE,
} from '@app/contracts/connected-apps';
import { WEB_CLIENT_ID } from '@app/contracts/sign-in';

/** Scopes the provider knows; a partner may be allowed any of them. */
export const PROVIDER_SCOPES = ['openid', 'offline', 'offline_access', 'profile', 'email'] as const;

/**
 * The scheme's own apps: the member's sign-in is their consent (ADR 007). Every other client is a partner
 * and asks the member once, on the consent page (ADR 017).
 */
export const FIRST_PARTY_CLIENTS: ReadonlySet<string> = new Set([WEB_CLIENT_ID, NATIVE_APP_CLIENT_ID]);

/**
 * The native app (RFC 8252): a public client (no secret, PKCE S256 as for every client), a loopback redirect
 * on any port (oidc-provider ignores the port of a loopback redirect for `application_type: native`), its
 * refresh tokens rotate and a spent one used again revokes the grant.
 */
export const nativeAppClient = (): ClientMetadata => ({
  client_id: NATIVE_APP_CLIENT_ID,
  client_name: `${brand.name} app`,
  application_type: 'native',
  token_endpoint_auth_method: 'none',
  redirect_uris: [NATIVE_APP_REDIRECT_URI],
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  scope: NATIVE_APP_SCOPE,
});

const httpsUri = z
  .url()
  .refine((uri) => {
    const url = new URL(uri);
    return (
      url.protocol === 'https:' ||
      (url.protocol === 'http:' && ['localhost', '127.0.0.1'].includes(url.hostname))
    );
  }, 'must be https (http only for localhost)')
  .refine((uri) => !uri.includes('#'), 'must not have a fragment');

const jwkSchema = z.looseObject({ kty: z.enum(['RSA', 'EC', 'OKP']) }).refine((key) => !('d' in key), {
  message: 'is a private key: publish only the public part',
});

const partnerBase = z.object({
  client_id: z
    .string()
    .regex(/^[\w.-]{3,100}$/, 'must be 3 to 100 letters, digits, dots, dashes or underscores')
    .refine((id) => !FIRST_PARTY_CLIENTS.has(id), 'is one of the scheme’s own clients'),
  client_name: z.string().trim().min(1).max(80),
  redirect_uris: z.array(httpsUri).min(1),
  post_logout_redirect_uris: z.array(httpsUri).optional(),
  scopes: z
    .array(z.enum(PROVIDER_SCOPES))
    .min(1)
    .refine((scopes) => scopes.includes('openid'), 'must include openid'),
  logo_uri: httpsUri.optional(),
});

const partnerSchema = z.discriminatedUnion('token_endpoint_auth_method', [
  partnerBase.extend({
    token_endpoint_auth_method: z.literal('client_secret_basic'),
    client_secret: z.string().min(32, 'must be at least 32 characters'),
  }),
  partnerBase.extend({
    token_endpoint_auth_method: z.literal('private_key_jwt'),
    jwks: z.object({ keys: z.array(jwkSchema).min(1) }).optional(),
    jwks_uri: z.url().startsWith('https://', 'must be https').optional(),
  }),
]);

const clientsFileSchema = z
  .object({ clients: z.array(partnerSchema) })
  .refine((file) => new Set(file.clients.map((item) => item.client_id)).size === file.clients.length, {
    message: 'client_id must be unique',
    path: ['clients'],
  })
  .refine(
    (file) =>
      file.clients.every(
        (item) => item.token_endpoint_auth_method !== 'private_key_jwt' || !!item.jwks !== !!item.jwks_uri,
      ),
    { message: 'a private_key_jwt client needs exactly one of jwks or jwks_uri', path: ['clients'] },
  );
export type PartnerDeclaration = z.infer<typeof partnerSchema>;

/** The provider's client metadata for one declared partner. */
function partnerClient(partner: PartnerDeclaration): ClientMetadata {
  const { scopes, ...rest } = partner;
  const refresh = scopes.includes('offline') || scopes.includes('offline_access');
  return {
    ...rest,
    application_type: 'web',
    grant_types: refresh ? ['authorization_code', 'refresh_token'] : ['authorization_code'],
    response_types: ['code'],
    scope: scopes.join(' '),
  };
}

export class ClientsFileError extends Error {
  override name = 'ClientsFileError';
}

/**
 * Reads the partner clients of OIDC_CLIENTS_FILE (`{"clients": [...]}`, see docs/partner-sign-in.md).
 * A mistake stops the start with the file, the client and the field named.
 */
export function loadPartnerClients(file: string | undefined): ClientMetadata[] {
  if (!file) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ClientsFileError(`OIDC_CLIENTS_FILE ${file}: not readable JSON (${(error as Error).message})`);
  }
  const parsed = clientsFileSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || '(file)'} ${issue.message}`,
    );
    throw new ClientsFileError(`OIDC_CLIENTS_FILE ${file}: ${problems.join('; ')}`);
  }
  return parsed.data.clients.map(partnerClient);
}
