/**
 * session-api and nectar-session-api calls of sign-in and logout (docs/product/calls-and-errors.md §S7.3).
 * Each path is written once here; no zod in this file, so a page that imports it loads no schema, and
 * start-up does not import it.
 */
export const sessionPaths = {
  rememberedCard: '/nectar-session-api/remember',
  collectorSessions: '/recaptcha/collector/sessions',
  oauthSession: '/session-api/session/sessions/oauth',
  device2faCheck: '/session-api/session/sessions/oauth/2fa-check',
  device2faValidate: '/session-api/session/sessions/oauth/2fa-validate',
  device2faResend: '/session-api/session/sessions/oauth/2fa-resend',
  session: '/session-api/session',
} as const;

/**
 * A cookie that says a session cookie is set (docs/product/signed-in-pages.md §S4: a member counts as signed
 * in by a local marker or a session cookie): the session cookie itself is HttpOnly, so the app reads this
 * one. It holds nothing secret ('1'), lives as long as the session cookie and goes with it at logout; the
 * server decides access.
 */
export const SESSION_PRESENT_COOKIE = 'lc_signed_in';
