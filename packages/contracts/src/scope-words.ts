/**
 * What each scope lets an app see, in the member's words (the consent screen, connected apps, the connect
 * page). No zod in this file, so a page that only shows the words loads no schema.
 */
export const scopeDescriptions: Record<string, string> = {
  openid: 'Know it’s you when you log in',
  profile: 'See your name',
  email: 'See your email address',
  offline: 'Stay connected when you’re not using it',
  offline_access: 'Stay connected when you’re not using it',
};

/** Each scope once with its words; offline_access folds into offline when both are asked for. */
export const describeScopes = (scopes: Iterable<string>) => {
  const asked = new Set(scopes);
  return [...asked]
    .filter((scope) => scope !== 'offline_access' || !asked.has('offline'))
    .map((scope) => ({ scope, description: scopeDescriptions[scope] ?? scope }));
};

/** Only the words, each once. */
export const describeScopeWords = (scopes: Iterable<string>) => [
  ...new Set(describeScopes(scopes).map((entry) => entry.description)),
];
