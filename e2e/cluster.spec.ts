import { brand } from '@app/contracts/brand';
import { REDEEMED_MESSAGE } from '@app/contracts/linked-partners';
import { SANDBOX_TILL_CLIENT } from '../apps/server/src/modules/partner-api/partners.ts';
import {
  LOCAL_POSTGRES,
  LOCAL_REDIS,
  createDatabase,
  clusterProblems,
  rollingRestartUnderLoad,
  startCluster,
  type Cluster,
} from '../scripts/cluster-lib.mjs';
import {
  chooseEssentialCookiesOnly,
  expect,
  freshMember,
  journeyServerSettings,
  logInWithPassword,
  test,
} from './fixtures.ts';
import { latestCode } from './outbox.ts';

/**
 * Two instances behind HAProxy (ADR 034), started here as `npm run cluster` starts them, on a database of
 * this run's own on the local PostgreSQL and on the local Redis. Where PostgreSQL, Redis or HAProxy is
 * missing, `npm run test:e2e` leaves this file out and says why (scripts/e2e.mjs); here a missing one is a
 * failure. One cluster for the file, so its journeys run one after another.
 */
test.describe.configure({ mode: 'serial' });

const adminUrl = process.env.TEST_DATABASE_URL ?? LOCAL_POSTGRES;
const redisUrl = process.env.REDIS_URL ?? LOCAL_REDIS;

let cluster: Cluster | undefined;
let database: Awaited<ReturnType<typeof createDatabase>> | undefined;

test.beforeAll(async () => {
  // An empty database is migrated and given its start data by the first instance: 10 to 30 s on a busy
  // machine.
  test.setTimeout(180_000);
  const problems = await clusterProblems({ adminUrl, redisUrl });
  if (problems.length > 0) throw new Error(`The cluster journeys need: ${problems.join('; ')}`);
  database = await createDatabase(adminUrl);
  // The journeys' own settings (tester tools, the cheapest bot-check), each instance with a port and folder
  // of its own.
  const settings = journeyServerSettings();
  const started = Date.now();
  cluster = await startCluster({ instances: 2, databaseUrl: database.url, redisUrl, env: settings });
  console.log(
    `2 instances and HAProxy on ${database.name} started in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
});

test.afterAll(async () => {
  await cluster?.stop();
  await database?.drop();
});

test('through the balancer a member signs in, spends points and converts some, served by both instances', async ({
  browser,
  playwright,
  consoleErrors,
}) => {
  const baseURL = cluster?.url ?? '';
  const context = await browser.newContext({ baseURL });
  const api = await playwright.request.newContext({ baseURL });
  /** Answers to the browser by instance (X-Instance). */
  const answeredBy: Record<string, number> = {};
  context.on('response', (response) => {
    const instance = response.headers()['x-instance'];
    if (instance) answeredBy[instance] = (answeredBy[instance] ?? 0) + 1;
  });
  try {
    const page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    // A member of the journey's own, made on another context: this browser signs in on the real pages.
    const member = await freshMember(api, { points: 6000 });
    await page.goto('/homepage');
    await expect(page.getByRole('heading', { level: 1, name: 'Enter your card number' })).toBeVisible();
    await chooseEssentialCookiesOnly(page);
    await logInWithPassword(page, member.cardNumber.slice(8), member.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Hello Sam' })).toBeVisible({ timeout: 20_000 });

    // A spend: the balance drops once, whichever instance answers each read.
    const balance = async () =>
      ((await (await page.request.get('/balance-api/balance')).json()) as { balance: number }).balance;
    const before = await balance();
    await page.goto('/card/spend');
    await expect(page.getByRole('heading', { level: 1, name: 'Spend your points' })).toBeVisible();
    const reward = page.getByRole('article', { name: "£5 off your shopping at Sainsbury's" });
    await reward.getByRole('button', { name: 'Spend points' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your voucher is ready' })).toBeVisible();
    await expect(
      page.getByText(`You now have ${(before - 1000).toLocaleString('en-GB')} points.`),
    ).toBeVisible();
    expect(await balance()).toBe(before - 1000);

    // A conversion to a sandbox airline account of the journey's own, confirmed with the emailed code.
    const account = `BA${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const sandbox = await page.request.post('/dev/linked-partners/sandbox', {
      headers: { channel: 'JS-WEB' },
      data: {
        kind: 'airline',
        membershipNumber: account,
        lastName: 'Morgan',
        failure: 'none',
        balance: 12_000,
      },
    });
    expect(sandbox.status()).toBe(200);
    await page.goto('/account/linked-partners');
    const airline = page.getByRole('region', { name: 'British Airways Avios' });
    await airline.getByRole('textbox', { name: 'Membership number' }).fill(account);
    await airline.getByRole('textbox', { name: 'Last name' }).fill('Morgan');
    await airline.getByRole('button', { name: 'Link account' }).click();
    await page.getByRole('dialog', { name: 'Account linked' }).getByRole('button', { name: 'Done' }).click();
    await expect(airline.getByText('12,000 Avios')).toBeVisible();
    await page.getByRole('link', { name: 'Convert points with British Airways Avios' }).click();
    await page.getByRole('radio', { name: 'Nectar points to Avios' }).check();
    await page.getByRole('textbox', { name: / to convert$/ }).fill('400');
    await expect(page.getByText("You'll get 250 Avios")).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm it is you' })).toBeVisible();
    const code = await latestCode(page.request, member.email, 'conversion code');
    await page.getByRole('textbox', { name: 'Code' }).fill(code);
    await page.getByRole('button', { name: 'Confirm conversion' }).click();
    await expect(page.getByRole('status').filter({ hasText: REDEEMED_MESSAGE })).toBeVisible();
    await expect(airline.getByText('12,250 Avios')).toBeVisible();
    expect(await balance()).toBe(before - 1400);

    // Round robin: the browser's requests were answered by both instances.
    console.log(`The browser's answers by instance: ${JSON.stringify(answeredBy)}`);
    expect(Object.keys(answeredBy).sort()).toEqual(['app-1', 'app-2']);
    // The first page asks for the session while signed out: that 401 is expected.
    expect(consoleErrors.filter((message) => !message.includes('status of 401'))).toEqual([]);
  } finally {
    await context.close();
    await api.dispose();
  }
});

test("through the balancer a member's open homepage hears of sales a till posts to either instance", async ({
  browser,
  playwright,
}) => {
  const baseURL = cluster?.url ?? '';
  const context = await browser.newContext({ baseURL });
  const till = await playwright.request.newContext({ baseURL });
  try {
    // The member's browser signs in (the tester tool sets its session cookie) and opens the homepage.
    const member = await freshMember(context.request, { points: 100 });
    const page = await context.newPage();
    // The app opens its stream of live updates once the page has loaded.
    const stream = page.waitForResponse((response) => response.url().endsWith('/balance-api/updates'));
    await page.goto('/homepage');
    await chooseEssentialCookiesOnly(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Hello Sam' })).toBeVisible();
    expect((await stream).status()).toBe(200);

    // The sandbox till's client gets a token and posts two sales; the balancer sends them to each instance in
    // turn.
    const token = (
      (await (
        await till.post('/oauth2/token', {
          headers: {
            authorization: `Basic ${Buffer.from(`${SANDBOX_TILL_CLIENT.clientId}:${SANDBOX_TILL_CLIENT.secret}`).toString('base64')}`,
          },
          form: { grant_type: 'client_credentials', scope: 'points:earn' },
        })
      ).json()) as { access_token: string }
    ).access_token;
    const instances = new Set<string>();
    // Until each instance has taken one: other requests in between can send two in a row to the same one.
    let collected = 0;
    for (const [index, amount] of [1200, 3400, 2300, 1800, 2700, 1500].entries()) {
      if (instances.size === 2) break;
      const sale = await till.post('/partner-api/v1/sales', {
        // A connection of its own each time, so the balancer picks an instance for each sale.
        headers: {
          authorization: `Bearer ${token}`,
          'idempotency-key': `cluster-${Date.now()}-${index}`,
          connection: 'close',
        },
        data: {
          member: { cardNumber: member.cardNumber },
          storeId: 'store-0001',
          tillId: 'till-1',
          receiptId: `R-cluster-${Date.now()}-${index}`,
          occurredAt: new Date().toISOString(),
          lines: [{ sku: 'bench', category: 'household', quantity: 1, amount }],
          total: amount,
        },
      });
      expect(sale.status()).toBe(201);
      const instance = sale.headers()['x-instance'] ?? '';
      await expect(page.getByText(`You collected ${amount / 100} points at ${brand.retailer}`)).toBeVisible();
      collected += amount / 100;
      // The page's own reads after each notice can keep the round robin in step with the sales: one more
      // request moves it on.
      if (instances.has(instance)) await till.get('/healthz', { headers: { connection: 'close' } });
      instances.add(instance);
    }
    expect([...instances].sort()).toEqual(['app-1', 'app-2']);
    await expect(page.getByText(String(100 + collected), { exact: true }).first()).toBeVisible();
  } finally {
    await context.close();
    await till.dispose();
  }
});

test('a per-client limit counts what both instances answered, through Redis', async ({ playwright }) => {
  const api = await playwright.request.newContext({ baseURL: cluster?.url ?? '' });
  try {
    // A client of this journey's own: HAProxy appends the address it saw to X-Forwarded-For and the instances
    // believe the balancer (TRUST_PROXY), so the client is the address before it.
    const client = `203.0.113.${Math.floor(Math.random() * 200) + 20}`;
    // The email sign-in's code request: 5 a minute per client (session-api/routes.ts). The limit counts every
    // attempt, before the bot-check refuses one without its token (400).
    const ask = () =>
      api.post('/session-api/session/request', {
        headers: { channel: 'JS-WEB', 'x-forwarded-for': client },
        data: { email: 'nobody@example.com' },
      });
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await ask());
    expect(answers.map((answer) => answer.status())).toEqual([400, 400, 400, 400, 400]);
    expect(new Set(answers.map((answer) => answer.headers()['x-instance']))).toEqual(
      new Set(['app-1', 'app-2']),
    );

    // The sixth and seventh land on each instance in turn: both refuse, having counted the other's answers.
    const [sixth, seventh] = [await ask(), await ask()];
    expect([sixth.status(), seventh.status()]).toEqual([429, 429]);
    expect(new Set([sixth.headers()['x-instance'], seventh.headers()['x-instance']])).toEqual(
      new Set(['app-1', 'app-2']),
    );
    expect(await sixth.json()).toEqual({
      code: 'TOO_MANY_REQUESTS',
      description: 'Too many attempts. Please wait a moment and try again.',
    });
  } finally {
    await api.dispose();
  }
});

test('a rolling restart of both instances under load loses no request', async () => {
  test.setTimeout(120_000);
  if (!cluster) throw new Error('no cluster');
  const result = await rollingRestartUnderLoad(cluster, { concurrency: 4, log: (line) => console.log(line) });
  console.log(
    `Rolling restart under load: sent ${result.sent}, answered ${result.answered}, failed ${result.failed} ` +
      `in ${result.seconds.toFixed(1)} s; answered by ${JSON.stringify(result.byInstance)}`,
  );
  // Each instance drained and exited 0 on SIGTERM, and came back into the rotation.
  expect(result.restarts.map((restart) => [restart.name, restart.exitCode])).toEqual([
    ['app-1', 0],
    ['app-2', 0],
  ]);
  expect(result.failures).toEqual({});
  expect(result.failed).toBe(0);
  expect(result.answered).toBe(result.sent);
  expect(result.sent).toBeGreaterThan(100);
  expect(Object.keys(result.byInstance).sort()).toEqual(['app-1', 'app-2']);
});
