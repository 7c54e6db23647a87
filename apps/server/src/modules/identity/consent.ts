import { and, desc, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { consentMessages, describeScopes, type ConnectedApp } from '@app/contracts/connected-apps';
import { WEB_CLIENT_ID } from '@app/contracts/sign-in';
import type { Database } from '../../db/database.ts';
import { oidcModels } from '../../db/schema/identity.ts';
import { AppError } from '../../lib/app-error.ts';
import { FIRST_PARTY_CLIENTS } from './clients.ts';
import { textOf } from '../../lib/text-of.ts';

type Grant = InstanceType<Provider['Grant']>;
type Interaction = InstanceType<Provider['Interaction']>;

const live = or(isNull(oidcModels.expiresAt), gt(oidcModels.expiresAt, sql`now()`));
const grantsOf = (accountId: string, clientId?: string) =>
  and(
    sql`${oidcModels.model} = 'Grant'`,
    sql`${oidcModels.payload}->>'accountId' = ${accountId}`,
    clientId === undefined ? undefined : sql`${oidcModels.payload}->>'clientId' = ${clientId}`,
    live,
  );

const scopesOf = (payload: Record<string, unknown>) =>
  String((payload.openid as { scope?: string } | undefined)?.scope ?? '')
    .split(' ')
    .filter(Boolean);

/**
 * The grant a member already gave a client (oidc-provider's `loadExistingGrant`). The scheme's own apps get
 * what they ask for: the member's sign-in is their consent (ADR 007). A partner gets only what the member
 * allowed on the consent page, in any earlier session too; nothing (so the consent prompt) the first time.
 */
export async function loadExistingGrant(db: Database, ctx: KoaContextWithOIDC): Promise<Grant | undefined> {
  const { session, client, provider } = ctx.oidc;
  if (!session?.accountId || !client) return undefined;
  const existingId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
  let grant = existingId ? await provider.Grant.find(existingId) : undefined;
  if (grant && grant.accountId !== session.accountId) grant = undefined;
  if (FIRST_PARTY_CLIENTS.has(client.clientId)) {
    grant ??= new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
    grant.addOIDCScope([...ctx.oidc.requestParamScopes].join(' '));
    await grant.save();
    return grant;
  }
  if (grant) return grant;
  const [row] = await db
    .select({ id: oidcModels.id })
    .from(oidcModels)
    .where(grantsOf(session.accountId, client.clientId))
    .orderBy(desc(sql`(${oidcModels.payload}->>'iat')::bigint`))
    .limit(1);
  return row ? provider.Grant.find(row.id) : undefined;
}

/** The consent interaction waiting for this browser, or a 404 in the page's words. */
async function pendingConsent(provider: Provider, uid: string): Promise<Interaction> {
  const interaction = await provider.Interaction.find(uid);
  if (!interaction || interaction.prompt.name !== 'consent' || !interaction.session?.accountId) {
    throw new AppError(404, 'CONSENT_EXPIRED', consentMessages.expired);
  }
  return interaction;
}

/** Scopes the app asks for and the member has not yet allowed. */
function askedScopes(interaction: Interaction): string[] {
  const missing = interaction.prompt.details.missingOIDCScope;
  if (Array.isArray(missing) && missing.length > 0) return missing.map(String);
  return textOf(interaction.params.scope).split(' ').filter(Boolean);
}

export async function describeConsent(provider: Provider, uid: string) {
  const interaction = await pendingConsent(provider, uid);
  const clientId = String(interaction.params.client_id);
  const client = await provider.Client.find(clientId);
  if (!client) throw new AppError(404, 'CONSENT_EXPIRED', consentMessages.expired);
  return {
    clientId,
    clientName: client.clientName ?? clientId,
    scopes: describeScopes(askedScopes(interaction)),
  };
}

/**
 * The member's answer. Allow: the asked scopes go onto the member's grant for this client (kept for later
 * sign-ins, listed in connected apps). Deny: the app gets `access_denied`. Either way the browser goes back
 * to the provider, which finishes the authorization request.
 */
export async function decideConsent(provider: Provider, uid: string, allow: boolean): Promise<string> {
  const interaction = await pendingConsent(provider, uid);
  const accountId = String(interaction.session?.accountId);
  const clientId = String(interaction.params.client_id);
  if (allow) {
    let grant = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
    if (grant && (grant.accountId !== accountId || grant.clientId !== clientId)) grant = undefined;
    grant ??= new provider.Grant({ accountId, clientId });
    grant.addOIDCScope(askedScopes(interaction).join(' '));
    const claims = interaction.prompt.details.missingOIDCClaims;
    if (Array.isArray(claims)) grant.addOIDCClaims(claims.map(String));
    const grantId = await grant.save();
    interaction.result = { ...interaction.result, consent: { grantId } };
  } else {
    interaction.result = {
      error: 'access_denied',
      error_description: consentMessages.denied,
    };
  }
  await interaction.save(Math.max(1, interaction.exp - Math.floor(Date.now() / 1000)));
  return interaction.returnTo;
}

/** The apps a member has let in (every client but the website itself), newest first. */
export async function listConnectedApps(db: Database, provider: Provider, accountId: string) {
  const rows = await db
    .select({ payload: oidcModels.payload })
    .from(oidcModels)
    .where(and(grantsOf(accountId), sql`${oidcModels.payload}->>'clientId' <> ${WEB_CLIENT_ID}`));
  const byClient = new Map<string, { scopes: Set<string>; iat: number }>();
  for (const { payload } of rows) {
    const clientId = String(payload.clientId);
    const entry = byClient.get(clientId) ?? { scopes: new Set<string>(), iat: 0 };
    for (const scope of scopesOf(payload)) entry.scopes.add(scope);
    entry.iat = Math.max(entry.iat, Number(payload.iat ?? 0));
    byClient.set(clientId, entry);
  }
  const apps: ConnectedApp[] = [];
  for (const [clientId, entry] of byClient) {
    const client = await provider.Client.find(clientId);
    if (!client) continue;
    apps.push({
      clientId,
      clientName: client.clientName ?? clientId,
      scopes: describeScopes(entry.scopes),
      connectedAt: new Date(entry.iat * 1000).toISOString(),
    });
  }
  return apps.sort((a, b) => b.connectedAt.localeCompare(a.connectedAt));
}

/**
 * Disconnects an app: the member's grants to it go, with every code and token issued under them, so its
 * refresh tokens stop working at once and the next sign-in asks for consent again. Answers whether any
 * grant was there.
 */
export async function disconnectApp(db: Database, accountId: string, clientId: string): Promise<boolean> {
  if (clientId === WEB_CLIENT_ID) return false;
  return db.transaction(async (tx) => {
    const grants = await tx
      .delete(oidcModels)
      .where(grantsOf(accountId, clientId))
      .returning({ id: oidcModels.id });
    const ids = grants.map((grant) => grant.id);
    if (ids.length > 0) await tx.delete(oidcModels).where(inArray(oidcModels.grantId, ids));
    return ids.length > 0;
  });
}
