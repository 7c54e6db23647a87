import { z } from 'zod';

export { describeScopes } from './scope-words.ts';

/**
 * Sign in with Nectar (ADR 017): the identity provider's other clients. `nectar-app` is the public native
 * app (PKCE, loopback redirect); partners are declared by the operator in OIDC_CLIENTS_FILE and need the
 * member's consent the first time they ask. Calls live under /identity-api.
 */
export const NATIVE_APP_CLIENT_ID = 'nectar-app';
/** The native app's redirect: any port on the IPv4 loopback (RFC 8252 7.3). */
export const NATIVE_APP_REDIRECT_URI = 'http://127.0.0.1/callback';
export const NATIVE_APP_SCOPE = 'openid offline profile email';

export const consentMessages = {
  heading: (clientName: string) => `${clientName} wants to connect to your Nectar account`,
  expired: 'This request has expired. Go back to the app and try again.',
  notFound: 'We can’t find that app.',
  /** The error description the app is sent when the member says no. */
  denied: 'The member did not allow the app to connect',
} as const;

const scopeSchema = /* @__PURE__ */ (() => z.object({ scope: z.string(), description: z.string() }))();

/** GET /identity-api/consent/{uid}: what the waiting app asks for. */
export const consentRequestSchema = /* @__PURE__ */ (() =>
  z.object({
    clientId: z.string(),
    clientName: z.string(),
    scopes: z.array(scopeSchema),
  }))();

/** POST /identity-api/consent/{uid}: the member's answer; the browser continues at `location`. */
export const consentDecisionSchema = /* @__PURE__ */ (() => z.object({ allow: z.boolean() }))();
export const consentDecisionResponseSchema = /* @__PURE__ */ (() => z.object({ location: z.string() }))();

/** GET /identity-api/connected-apps: the apps the member has let in (their grants). */
export const connectedAppSchema = /* @__PURE__ */ (() =>
  z.object({
    clientId: z.string(),
    clientName: z.string(),
    scopes: z.array(scopeSchema),
    connectedAt: z.string(),
  }))();
export type ConnectedApp = z.infer<typeof connectedAppSchema>;
export const connectedAppsResponseSchema = /* @__PURE__ */ (() =>
  z.object({ apps: z.array(connectedAppSchema) }))();

export const interactionUidSchema = /* @__PURE__ */ (() => z.string().regex(/^[\w-]{10,64}$/))();
export const clientIdSchema = /* @__PURE__ */ (() => z.string().regex(/^[\w.-]{1,100}$/))();
