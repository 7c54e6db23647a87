import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import Provider, {
  errors,
  interactionPolicy,
  type Configuration,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import { brand } from '@app/contracts/brand';
import { PARTNER_SCOPES } from '@app/contracts/partner-api';
import {
  IDENTITY_PREFIX,
  LOGOUT_PATH,
  OAUTH_REDIRECT_PATH,
  OIDC_PATH,
  WEB_CLIENT_ID,
} from '@app/contracts/sign-in';
import type { Database } from '../../db/database.ts';
import { collectors } from '../../db/schema/core.ts';
import type { Config } from '../../env.ts';
import { cookieNameFor, pathCookieNameFor } from '../../lib/cookie-name.ts';
import { getOrCreateSecret } from '../../lib/server-secrets.ts';
import { noteAccountRead } from '../../lib/account-reads.ts';
import { HASHED_SECRET_PREFIX, secretMatches } from '../../lib/partner-clients.ts';
import { loadPartnerClients, nativeAppClient } from './clients.ts';
import { loadExistingGrant } from './consent.ts';
import { DEVICE_COOKIE, isKnownDevice } from '../../lib/known-devices.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import { createOidcAdapter } from './oidc-adapter.ts';
import { loadSigningKeys } from './signing-keys.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

/**
 * The provider's own pages (logout confirmation, errors) in the brand's look (ADR 028), with a strict CSP and
 * a nonce.
 */
const page = (ctx: KoaContextWithOIDC, title: string, body: string, nonce?: string) => {
  ctx.type = 'html';
  ctx.set(
    'content-security-policy',
    `default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'${
      nonce ? `; script-src 'nonce-${nonce}'` : ''
    }`,
  );
  ctx.set('x-content-type-options', 'nosniff');
  ctx.set('referrer-policy', 'no-referrer');
  const { colours, logo } = brand;
  ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} | ${escapeHtml(brand.name)}</title><style>body{font-family:system-ui,sans-serif;margin:0;background:#f6f6f6;color:#222}header{background:${colours.brand};padding:.75rem 1rem;text-align:center}header img{height:2rem;width:auto;vertical-align:middle}main{max-width:28rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 2px 8px rgba(0,0,0,.1);text-align:center}h1{font-size:1.4rem;color:${colours.brand}}a{color:${colours.brandDark}}button{font:inherit;font-weight:700;padding:.8rem 1.5rem;border-radius:999px;border:0;background:${colours.brand};color:#fff;cursor:pointer}button:hover{background:${colours.brandDark}}</style></head><body><header><img src="${escapeHtml(logo.src)}" width="${logo.width}" height="${logo.height}" alt="${escapeHtml(brand.name)}"></header><main>${body}</main></body></html>`;
};

/** Whether this browser has passed device 2FA for the member and the client asking (known-devices.ts). */
type DeviceCheck = (ctx: KoaContextWithOIDC, accountId: string, clientId: string) => Promise<boolean>;

/**
 * The standard prompts, with a password asked again once the provider session is older than `maxAge` s, and,
 * with device 2FA on, the login prompt (password, then a code) when an existing provider session reaches a
 * client this browser has not passed the code for (the check belongs to the interaction).
 */
const loginPolicy = (maxAge: number, deviceKnown?: DeviceCheck) => {
  // Checks added here name their error: the prompt gives its own (login_required, which a client asking with
  // prompt=none expects, OpenID Connect Core 3.1.2.6) only to the checks it was built with.
  const policy = interactionPolicy.base();
  const login = policy.get('login');
  login?.checks.add(
    new interactionPolicy.Check(
      'session_too_old',
      'End-User authentication is required',
      'login_required',
      (ctx) =>
        ctx.oidc.session?.accountId && ctx.oidc.session.past(maxAge) && !ctx.oidc.result?.login
          ? interactionPolicy.Check.REQUEST_PROMPT
          : interactionPolicy.Check.NO_NEED_TO_PROMPT,
    ),
  );
  if (deviceKnown) {
    login?.checks.add(
      new interactionPolicy.Check(
        'device_not_known',
        'End-User authentication is required',
        'login_required',
        async (ctx) => {
          const accountId = ctx.oidc.session?.accountId;
          const clientId = ctx.oidc.client?.clientId;
          if (!accountId || !clientId || ctx.oidc.result?.login)
            return interactionPolicy.Check.NO_NEED_TO_PROMPT;
          return (await deviceKnown(ctx, accountId, clientId))
            ? interactionPolicy.Check.NO_NEED_TO_PROMPT
            : interactionPolicy.Check.REQUEST_PROMPT;
        },
      ),
    );
  }
  // A native app's client id can be claimed by any app on the device (RFC 8252 8.6): a silent sign-in
  // (an existing provider session, no password typed in this request) asks the member on the consent page.
  const consent = policy.get('consent');
  consent?.checks.remove('native_client_prompt');
  consent?.checks.add(
    new interactionPolicy.Check(
      'native_client_prompt',
      'native clients require End-User interaction',
      'interaction_required',
      (ctx) =>
        ctx.oidc.client?.applicationType === 'native' && !ctx.oidc.result?.consent && !ctx.oidc.result?.login
          ? interactionPolicy.Check.REQUEST_PROMPT
          : interactionPolicy.Check.NO_NEED_TO_PROMPT,
    ),
    0,
  );
  return policy;
};

/** How long a partner's access token lasts (the client-credentials grant). */
export const PARTNER_TOKEN_TTL_SECONDS = 10 * 60;

/** The web client's ID token algorithm (ADR 046). */
const ID_TOKEN_ALG = 'ES256';

/**
 * The website's server is the only audience of the access token its code exchange gets (ADR 047): the
 * exchange keeps the ID token and the refresh token and throws that access token away (the session's access
 * token for /session-api/session/identity-access-token comes from the refresh token, for userinfo). So it is
 * a short JWT for this resource, which is not stored, instead of an opaque token written to the database on
 * every sign-in. No endpoint accepts it: userinfo refuses a token with an audience, introspection finds no
 * row.
 */
const WEB_SESSION_RESOURCE_PATH = '/session-api';
const WEB_SESSION_ACCESS_TOKEN_TTL = 60;

/**
 * Resource indicators (RFC 8707) for the web client's authorization requests only: its request (and the
 * resume of its interaction) gets the website's resource by default, and its code exchange uses that
 * resource, so the access token is a JWT that is never stored. Its refresh token keeps the resource but its
 * refreshes do not use it, so a refreshed access token is the opaque userinfo token it always was. Any other
 * resource, or any resource another client names, is refused (invalid_target).
 */
const webSessionResourceIndicators = (
  publicUrl: string,
): NonNullable<NonNullable<Configuration['features']>['resourceIndicators']> => {
  const resource = `${publicUrl}${WEB_SESSION_RESOURCE_PATH}`;
  return {
    enabled: true,
    defaultResource: (ctx, client, oneOf) => {
      if (oneOf) return oneOf;
      const route = ctx.oidc.route;
      return client.clientId === WEB_CLIENT_ID && (route === 'authorization' || route === 'resume')
        ? resource
        : undefined;
    },
    useGrantedResource: (ctx, model) =>
      ctx.oidc.client?.clientId === WEB_CLIENT_ID && model.kind === 'AuthorizationCode',
    getResourceServerInfo: (_ctx, indicator, client) => {
      if (client.clientId !== WEB_CLIENT_ID || indicator !== resource) throw new errors.InvalidTarget();
      return {
        scope: '',
        audience: resource,
        accessTokenFormat: 'jwt',
        accessTokenTTL: WEB_SESSION_ACCESS_TOKEN_TTL,
        jwt: { sign: { alg: ID_TOKEN_ALG } },
      };
    },
  };
};

/**
 * The provider checks an `id_token_hint` (logout, `prompt=none`) against the client's algorithm only. A web
 * session started before the web client moved from RS256 to ES256 keeps its RS256 ID token for logout for up
 * to SESSION_ABSOLUTE_HOURS: such a hint is checked again as RS256, with the same key set and the same claims
 * checks, so that member's logout still ends the provider's session. Any other failure stays a failure.
 */
function acceptEarlierIdTokenHints(provider: Provider) {
  const { IdToken } = provider;
  const validate = IdToken.validate.bind(IdToken);
  const headerAlg = (jwt: string) => {
    try {
      return (
        JSON.parse(Buffer.from(jwt.split('.')[0] ?? '', 'base64url').toString('utf8')) as { alg?: unknown }
      ).alg;
    } catch {
      return undefined;
    }
  };
  IdToken.validate = async (jwt, client) => {
    if (client.idTokenSignedResponseAlg === 'RS256' || headerAlg(jwt) !== 'RS256')
      return validate(jwt, client);
    return validate(
      jwt,
      Object.create(client, { idTokenSignedResponseAlg: { value: 'RS256' } }) as typeof client,
    );
  };
}

/**
 * A partner client's secrets are stored as hashes (lib/partner-clients.ts): its `client_secret` is the
 * `sha256:` hashes of its live secrets, and the secret a client presents is hashed and compared with each.
 * Every other client keeps the provider's own comparison.
 */
function compareHashedClientSecrets(provider: Provider) {
  interface SecretCheck {
    clientSecret?: string;
    compareClientSecret: (this: SecretCheck, actual: string) => Promise<boolean> | boolean;
  }
  const prototype = provider.Client.prototype as unknown as SecretCheck;
  const compare = prototype.compareClientSecret;
  prototype.compareClientSecret = function (this: SecretCheck, actual: string) {
    return this.clientSecret?.startsWith(HASHED_SECRET_PREFIX)
      ? secretMatches(this.clientSecret, actual)
      : compare.call(this, actual);
  };
}

export interface IdentityProviderOptions {
  db: Database;
  config: Config;
  /** Secret of the web app's own client; the server exchanges codes with it. */
  webClientSecret: string;
  /** The app's clock: when the provider's stored rows end, as the purge job reads them. */
  clock?: Clock;
}

/**
 * The OpenID provider (docs/architecture.md "The parts"): code flow with PKCE S256 required for every client,
 * dev interactions off, a database adapter, keys kept in the database. The login screens are the app's own
 * pages under the identity prefix; the provider sends the browser there with the interaction id.
 */
export async function createIdentityProvider({
  db,
  config,
  webClientSecret,
  clock = systemClock,
}: IdentityProviderOptions): Promise<Provider> {
  const issuer = `${config.publicUrl}${OIDC_PATH}`;
  const keys = await loadSigningKeys(db, config.oidc.signingKeyMaxAgeDays);
  const cookieKeys = [await getOrCreateSecret(db, 'oidc-cookie-key')];
  const secure = config.publicUrl.startsWith('https://');
  const cookieName = cookieNameFor(config.publicUrl);
  const deviceCookie = cookieName(DEVICE_COOKIE);
  // findAccount runs twice in every sign-in (the resume and the token endpoint): built once (ADR 047).
  const accountById = db
    .select({
      id: collectors.id,
      firstName: collectors.firstName,
      lastName: collectors.lastName,
      email: collectors.email,
      status: collectors.status,
    })
    .from(collectors)
    .where(eq(collectors.id, sql.placeholder('id')))
    .limit(1)
    .prepare('oidc_find_account');

  const configuration: Configuration = {
    adapter: createOidcAdapter(db, clock),
    clients: [
      {
        client_id: WEB_CLIENT_ID,
        client_secret: webClientSecret,
        client_name: `${brand.name} website`,
        redirect_uris: [`${config.publicUrl}${OAUTH_REDIRECT_PATH}`],
        post_logout_redirect_uris: [`${config.publicUrl}${LOGOUT_PATH}`],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        // ES256: a fifteenth of RS256's CPU per sign-in (signing-keys.ts, ADR 046); the server's own
        // openid-client takes any algorithm the provider's metadata lists. Other clients keep OpenID
        // Connect's default, RS256.
        id_token_signed_response_alg: ID_TOKEN_ALG,
      },
      // The native app and the partners of OIDC_CLIENTS_FILE (ADR 017).
      nativeAppClient(),
      ...loadPartnerClients(config.oidc.clientsFile),
    ],
    clientAuthMethods: ['client_secret_basic', 'private_key_jwt', 'none'],
    jwks: { keys },
    cookies: {
      keys: cookieKeys,
      // Over https the session and interaction cookies are `__Host-` (path /, no Domain: a sibling subdomain
      // cannot plant one) and the resume cookie, which keeps the authorization endpoint's path, `__Secure-`.
      names: {
        session: cookieName('oidc_session'),
        interaction: cookieName('oidc_interaction'),
        resume: pathCookieNameFor(config.publicUrl)('oidc_resume'),
      },
      long: { signed: true, httpOnly: true, sameSite: 'lax', secure },
      // On every path: the interaction cookie must reach the consent answer (/identity-api/consent/:uid),
      // which is refused without it. The resume cookie still sets its own path.
      short: { signed: true, httpOnly: true, sameSite: 'lax', secure, path: '/' },
    },
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      // Partners' till systems get short tokens for the partner API (lib/partner-clients.ts, ADR 053).
      clientCredentials: { enabled: true },
      revocation: {
        enabled: true,
        // A client may revoke only the tokens issued to it.
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      userinfo: { enabled: true },
      resourceIndicators: webSessionResourceIndicators(config.publicUrl),
      introspection: {
        enabled: true,
        // A client may introspect only the tokens issued to it.
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      rpInitiatedLogout: {
        enabled: true,
        // Auto-submitted confirmation (the app asked for it: the member pressed log out); a button without
        // JS.
        // logout=yes ends the provider's whole session, not only this client's part of it.
        logoutSource(ctx, form) {
          const nonce = randomBytes(16).toString('base64');
          page(
            ctx,
            'Logging you out',
            `<h1>Logging you out…</h1>${form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>')}<button type="submit" form="op.logoutForm">Log out</button><script nonce="${nonce}">document.forms[0].submit()</script>`,
            nonce,
          );
        },
        postLogoutSuccessSource(ctx) {
          page(
            ctx,
            'Logged out',
            `<h1>You're logged out</h1><p><a href="/welcome">Back to ${escapeHtml(brand.name)}</a></p>`,
          );
        },
      },
    },
    routes: {
      authorization: '/auth',
      end_session: '/sessions/logout',
      token: '/token',
      userinfo: '/me',
      jwks: '/jwks',
      revocation: '/token/revocation',
      introspection: '/token/introspection',
    },
    // The web app's extra authorization parameters of docs/product/calls-and-errors.md §S7.3; accepted,
    // recorded, not acted on.
    extraParams: ['audience', 'mission', 'platform', 'action'],
    // The partner API's scopes: a client asks only for those its row allows (its `scope` metadata).
    scopes: ['openid', 'offline', 'offline_access', 'profile', 'email', ...PARTNER_SCOPES],
    claims: {
      // `amr`: how the member logged in (RFC 8176), in the ID token when the login says (a passkey, ADR 029).
      openid: ['sub', 'amr'],
      profile: ['given_name', 'family_name', 'name'],
      email: ['email'],
    },
    async findAccount(_ctx, sub) {
      if (!UUID.test(sub)) return undefined;
      const [collector] = await accountById.execute({ id: sub });
      if (!collector || collector.status !== 'active') return undefined;
      // The website's code exchange starts its web session from this read (lib/account-reads.ts, ADR 047).
      noteAccountRead(collector);
      return {
        accountId: collector.id,
        claims: () => ({
          sub: collector.id,
          given_name: collector.firstName ?? undefined,
          family_name: collector.lastName ?? undefined,
          name: [collector.firstName, collector.lastName].filter(Boolean).join(' ') || undefined,
          email: collector.email ?? undefined,
        }),
      };
    },
    interactions: {
      policy: loginPolicy(
        config.session.absoluteHours * 3600,
        config.device2fa
          ? (ctx, accountId, clientId) =>
              isKnownDevice(db, accountId, clientId, ctx.cookies.get(deviceCookie, { signed: false }))
          : undefined,
      ),
      // The card-number page carries the interaction; the password page completes it (session-api module).
      url: (_ctx, interaction) =>
        `${IDENTITY_PREFIX}/${interaction.prompt.name === 'consent' ? 'consent' : 'login'}?uid=${encodeURIComponent(interaction.uid)}`,
    },
    // The scheme's own apps: the sign-in is the member's consent; partners ask once (consent.ts, ADR 017).
    loadExistingGrant: (ctx) => loadExistingGrant(db, ctx),
    issueRefreshToken: (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') &&
      (code.scopes.has('offline') || code.scopes.has('offline_access')),
    rotateRefreshToken: true,
    ttl: {
      // The web session's code-exchange token lasts what its resource says (webSessionResourceIndicators).
      AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? 10 * 60,
      AuthorizationCode: 60,
      // A partner's token: ten minutes, so a revoked client or a retired secret stops within that at the
      // most.
      ClientCredentials: PARTNER_TOKEN_TTL_SECONDS,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      // The provider's session follows the web session's limits: it lasts SESSION_IDLE_MINUTES from
      // its last use and never past SESSION_ABSOLUTE_HOURS after the password was entered, so a timed-out
      // web session cannot be silently renewed by the provider.
      Session: (_ctx, session) => {
        const now = Math.floor(Date.now() / 1000);
        const loginTs = typeof session.loginTs === 'number' ? session.loginTs : now;
        const absoluteLeft = loginTs + config.session.absoluteHours * 3600 - now;
        return Math.max(1, Math.min(config.session.idleMinutes * 60, absoluteLeft));
      },
      Grant: 14 * 24 * 60 * 60,
      RefreshToken: 14 * 24 * 60 * 60,
    },
    // The provider's error page in plain words: what happened and a way back, never a raw code.
    renderError(ctx, out) {
      const home = `${config.publicUrl}${IDENTITY_PREFIX}/login`;
      const wrongAddress =
        out.error === 'invalid_redirect_uri' ||
        /redirect_uri/.test(String(out.error_description ?? '')) ||
        out.error === 'invalid_client';
      const explanation = wrongAddress
        ? `This log in was started from an address we don't recognise. Open ${escapeHtml(brand.name)} at ${escapeHtml(config.publicUrl)} and log in from there.`
        : out.error === 'access_denied' || out.error === 'login_required'
          ? 'Your log in was cancelled or has expired. Please log in again.'
          : 'We could not finish logging you in. Please try again.';
      page(
        ctx,
        'Something went wrong',
        `<h1>Something went wrong. Try again</h1><p>${explanation}</p><p><a href="${escapeHtml(home)}">Log in again</a></p>`,
      );
    },
  };

  const provider = new Provider(issuer, configuration);
  provider.proxy = config.trustProxy !== false;
  acceptEarlierIdTokenHints(provider);
  compareHashedClientSecrets(provider);
  return provider;
}
