/**
 * One whole sign-in over HTTP, as the browser does it: authorization request with PKCE at the identity
 * provider, the password step with a solved bot-check, back to the provider, then the code exchanged for the
 * web session. Used by bench/run.ts to measure sign-in throughput.
 */
import { createHash, randomBytes } from 'node:crypto';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { BotCheckChallenge } from '@app/contracts/bot-check';
import { WEB_CLIENT_ID } from '@app/contracts/sign-in';

const json = { channel: 'JS-WEB', 'content-type': 'application/json' };

class CookieJar {
  private cookies = new Map<string, string>();
  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) this.cookies.set(name.trim(), value.join('='));
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

async function botCheckToken(base: string, from: string): Promise<string> {
  const challengeResponse = await fetch(`${base}/bot-check/challenge`, {
    headers: { 'x-forwarded-for': from },
  });
  const answer = (await challengeResponse.json()) as BotCheckChallenge;
  if (answer.provider !== 'altcha') return '';
  const solution = await solveChallenge({ challenge: answer.challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge: answer.challenge, solution })).toString('base64url');
}

/**
 * `from` is the member's address as a load balancer would forward it (the server runs with TRUST_PROXY), so
 * the per-address sign-in limit applies to each simulated member, not to the benchmark as a whole.
 */
export async function signInOnce(
  base: string,
  cardNumber: string,
  password: string,
  from: string,
): Promise<void> {
  const jar = new CookieJar();
  const forwarded = { 'x-forwarded-for': from };
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const redirectUri = `${base}/oauth_redirect`;
  const query = new URLSearchParams({
    client_id: WEB_CLIENT_ID,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid offline',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: randomBytes(16).toString('base64url'),
  });
  const auth = await fetch(`${base}/oauth2/auth?${query}`, { redirect: 'manual', headers: forwarded });
  jar.store(auth);
  const uid = new URL(auth.headers.get('location') ?? '', base).searchParams.get('uid') ?? '';
  const token = await botCheckToken(base, from);

  const step = await fetch(`${base}/recaptcha/collector/sessions`, {
    method: 'POST',
    headers: { ...json, ...forwarded, 'x-recaptcha': `Bearer ${token}`, cookie: jar.header() },
    body: JSON.stringify({ collectorId: cardNumber, password, interaction: uid }),
  });
  if (!step.ok) throw new Error(`password step answered ${step.status}: ${await step.text()}`);
  const { location } = (await step.json()) as { location: string };

  const resume = await fetch(new URL(location, base), {
    redirect: 'manual',
    headers: { ...forwarded, cookie: jar.header() },
  });
  jar.store(resume);
  const code = new URL(resume.headers.get('location') ?? '', base).searchParams.get('code') ?? '';
  const session = await fetch(`${base}/session-api/session/sessions/oauth`, {
    method: 'POST',
    headers: { ...json, ...forwarded, cookie: jar.header() },
    body: JSON.stringify({ code, verificationCode: verifier, redirectUri }),
  });
  if (!session.ok) throw new Error(`code exchange answered ${session.status}: ${await session.text()}`);
}
