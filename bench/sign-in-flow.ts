/**
 * One whole sign-in over HTTP, as the browser does it: authorization request with PKCE at the identity
 * provider, the password step with a solved bot-check, back to the provider, then the code exchanged for the
 * web session. Used by bench/run.ts to measure sign-in throughput.
 *
 * The client shares the machine with the server it measures, so it is kept light: node:http over kept-alive
 * connections instead of fetch, and the bot-check at a few attempts (bench/run.ts starts the server so; the
 * proof of work's own cost is the bot-check section's figure). Every request of the real flow is still made.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Agent, request, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { BotCheckChallenge } from '@app/contracts/bot-check';
import { WEB_CLIENT_ID } from '@app/contracts/sign-in';

const json = { channel: 'JS-WEB', 'content-type': 'application/json' };
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

function send(url: string, method: string, headers: OutgoingHttpHeaders, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

class CookieJar {
  private cookies = new Map<string, string>();
  store(answer: Answer) {
    for (const line of answer.headers['set-cookie'] ?? []) {
      const [pair] = line.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) this.cookies.set(name.trim(), value.join('='));
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

type Challenge = Extract<BotCheckChallenge, { provider: 'altcha' }>['challenge'];

/** The proof of work as a script solves it (altcha-lib's search with Node's PBKDF2). */
const solve = (challenge: Challenge) => solveChallenge({ challenge, deriveKey });

async function botCheckToken(base: string, from: string): Promise<string> {
  const challengeResponse = await send(`${base}/bot-check/challenge`, 'GET', { 'x-forwarded-for': from });
  const answer = JSON.parse(challengeResponse.body) as BotCheckChallenge;
  if (answer.provider !== 'altcha') return '';
  const solution = await solve(answer.challenge);
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
  const auth = await send(`${base}/oauth2/auth?${query}`, 'GET', forwarded);
  jar.store(auth);
  const uid = new URL(auth.headers.location ?? '', base).searchParams.get('uid') ?? '';
  const token = await botCheckToken(base, from);

  const step = await send(
    `${base}/recaptcha/collector/sessions`,
    'POST',
    { ...json, ...forwarded, 'x-recaptcha': `Bearer ${token}`, cookie: jar.header() },
    JSON.stringify({ collectorId: cardNumber, password, interaction: uid }),
  );
  if (step.status !== 200) throw new Error(`password step answered ${step.status}: ${step.body}`);
  const { location } = JSON.parse(step.body) as { location: string };

  const resume = await send(new URL(location, base).toString(), 'GET', {
    ...forwarded,
    cookie: jar.header(),
  });
  jar.store(resume);
  const code = new URL(resume.headers.location ?? '', base).searchParams.get('code') ?? '';
  const session = await send(
    `${base}/session-api/session/sessions/oauth`,
    'POST',
    { ...json, ...forwarded, cookie: jar.header() },
    JSON.stringify({ code, verificationCode: verifier, redirectUri }),
  );
  if (session.status !== 200) throw new Error(`code exchange answered ${session.status}: ${session.body}`);
}
