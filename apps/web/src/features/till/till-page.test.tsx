import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestUrl } from '../../test/request-url.ts';
import { userEvent } from '../../test/user-event.ts';
import { TillPage } from './till-page.tsx';

type Answer = { status: number; body?: unknown };
interface Sent {
  method: string;
  url: string;
  headers: Headers;
  body?: unknown;
}

/** The server at the edge: answers by "<METHOD> <path>" (a list answers in turn); every call is recorded. */
function stubServer(answers: Record<string, Answer | Answer[]>) {
  const sent: Sent[] = [];
  const turns: Record<string, number> = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const url = requestUrl(input);
      sent.push({
        method,
        url,
        headers: new Headers(init?.headers),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      const key = `${method} ${url}`;
      const found = answers[key];
      const turn = (turns[key] = (turns[key] ?? -1) + 1);
      const answer = Array.isArray(found) ? found[Math.min(turn, found.length - 1)] : found;
      if (!answer) return Response.json({ code: 'NOT_FOUND', description: 'no stub' }, { status: 404 });
      return answer.body === undefined
        ? new Response(null, { status: answer.status })
        : Response.json(answer.body, { status: answer.status });
    }),
  );
  return sent;
}

const TOKEN = 'tok-abcdef0123456789-secret-part';
const shelves: Answer = {
  status: 200,
  body: {
    partners: [
      {
        id: 'retailer',
        name: "Sainsbury's",
        pointsPerPound: 1,
        clientId: 'sandbox-till',
        products: [
          { sku: 'sourdough-loaves', name: 'sourdough loaves', category: 'bakery', pricePence: 100 },
          { sku: 'croissants', name: 'croissants', category: 'bakery', pricePence: 237 },
        ],
      },
      {
        id: 'fuel',
        name: 'Esso',
        pointsPerPound: 1,
        clientId: 'sandbox-till-fuel',
        products: [{ sku: 'unleaded', name: 'Unleaded, 30 litres', category: 'fuel', pricePence: 4350 }],
      },
    ],
  },
};
const token = (accessToken = TOKEN): Answer => ({
  status: 200,
  body: { accessToken, expiresIn: 600, clientId: 'sandbox-till' },
});
const saleAnswer: Answer = {
  status: 201,
  body: {
    saleId: '0b8f7c52-3c1e-4d55-9a43-5f2f4c1e9a01',
    pointsAwarded: 79,
    breakdown: [
      { reason: 'Points for your shop', points: 4 },
      { reason: 'Bonus offer: 75 points on croissants', points: 75, offerId: 'piano-009' },
    ],
    memberPriceSavings: 0,
    balance: 2529,
  },
};
const SALE = 'POST /partner-api/v1/sales';
const CARD = '9826300012345678901';

async function openTill(answers: Record<string, Answer | Answer[]>) {
  const sent = stubServer({ 'GET /dev/till/shelves': shelves, 'POST /dev/till/token': token(), ...answers });
  render(<TillPage />);
  await screen.findByRole('button', { name: 'Pay' });
  return { sent, user: userEvent.setup({ delay: null }) };
}

async function fillBasket(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Card number'), '9826 3000 1234 5678 901');
  await user.click(screen.getByRole('button', { name: /^Add sourdough loaves/ }));
  await user.click(screen.getByRole('button', { name: /^Add croissants/ }));
  await user.click(screen.getByRole('button', { name: 'One more sourdough loaves' }));
  await user.click(screen.getByRole('button', { name: 'One more sourdough loaves' }));
}

const log = () => screen.getByRole('region', { name: 'Requests and answers' });
const result = () => screen.getByRole('status', { name: 'Till result' });

describe('TillPage', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says plainly that the till is off when the server has no sandbox, and shows nothing else', async () => {
    stubServer({
      'GET /dev/till/shelves': { status: 404, body: { code: 'NOT_FOUND', description: 'Not found' } },
    });
    render(<TillPage />);

    expect(
      await screen.findByText(
        'The sandbox till is off on this server. Start it with DEV_TOOLS=on or TILL_SANDBOX=on (and DEMO_DATA=on).',
      ),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Sandbox till' })).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByText(/Every call is shown on the right/)).toBeNull();
  });

  it('pays for a basket as a partner till does, and shows the points, the breakdown and the new balance', async () => {
    const { sent, user } = await openTill({ [SALE]: saleAnswer });
    expect(screen.getByText(/Play a partner's till against the partner API/)).toBeVisible();
    await fillBasket(user);

    const basket = screen.getByRole('list', { name: 'Basket' });
    expect(within(basket).getAllByRole('listitem')).toHaveLength(2);
    expect(within(basket).getByText('£3.00')).toBeVisible();
    expect(screen.getByText('£5.37')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Pay' }));

    expect(await within(result()).findByText('Paid: receipt', { exact: false })).toBeVisible();
    expect(within(result()).getByText('Points awarded').parentElement).toHaveTextContent('Points awarded 79');
    expect(within(result()).getByText('Points for your shop').parentElement).toHaveTextContent(
      'Points for your shop 4',
    );
    expect(
      within(result()).getByText('Bonus offer: 75 points on croissants').parentElement,
    ).toHaveTextContent('Bonus offer: 75 points on croissants 75');
    expect(within(result()).getByText('New balance').parentElement).toHaveTextContent(
      'New balance 2,529 points',
    );

    const token = sent.find((call) => call.url === '/dev/till/token');
    expect(token?.method).toBe('POST');
    expect(token?.headers.get('channel')).toBe('JS-WEB');
    expect(token?.headers.get('content-type')).toBe('application/json');
    expect(token?.body).toEqual({ partnerId: 'retailer' });

    const sales = sent.filter((call) => `${call.method} ${call.url}` === SALE);
    expect(sales).toHaveLength(1);
    const [sale] = sales;
    expect(sale?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(sale?.headers.get('idempotency-key')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(sale?.headers.get('channel')).toBeNull();
    expect(sale?.body).toEqual({
      member: { cardNumber: CARD },
      storeId: 'store-0001',
      tillId: 'till-1',
      receiptId: expect.stringMatching(/^R-\d+$/),
      occurredAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      lines: [
        {
          sku: 'sourdough-loaves',
          category: 'bakery',
          quantity: 3,
          amount: 300,
          description: 'sourdough loaves',
        },
        { sku: 'croissants', category: 'bakery', quantity: 1, amount: 237, description: 'croissants' },
      ],
      total: 537,
    });
    // The basket starts again; the sale can be returned.
    expect(screen.getByText('The basket is empty: add products from the shelf.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Return' })).toBeVisible();
  });

  it('shows every call in the log, newest first, with its bodies and the token cut short', async () => {
    const { user } = await openTill({ [SALE]: saleAnswer });
    await fillBasket(user);
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await within(result()).findByText('Paid: receipt', { exact: false });

    const calls = within(log()).getAllByRole('article');
    expect(calls.map((call) => call.getAttribute('aria-label'))).toEqual([
      'POST /partner-api/v1/sales: 201',
      'POST /dev/till/token: 200',
      'GET /dev/till/shelves: 200',
    ]);
    const [sale] = calls;
    expect(within(sale!).getByText('/partner-api/v1/sales')).toBeVisible();
    expect(within(sale!).getByText('201')).toBeVisible();
    expect(within(sale!).getByText(/Authorization: Bearer tok-ab…/)).toBeVisible();
    expect(within(sale!).getByText(/"sku": "sourdough-loaves"/)).toBeVisible();
    expect(within(sale!).getByText(/"pointsAwarded": 79/)).toBeVisible();
    // The token is never on the page whole: not in the headers, not in the token's answer.
    expect(document.body.textContent).not.toContain(TOKEN);
    expect(within(calls[1]!).getByText(/"accessToken": "tok-ab…"/)).toBeVisible();
  });

  it("shows a refusal's description in an alert, and keeps the basket to try again", async () => {
    const { user } = await openTill({
      [SALE]: {
        status: 404,
        body: { code: 'MEMBER_NOT_FOUND', description: 'No member has that card number.' },
      },
    });
    await fillBasket(user);
    await user.click(screen.getByRole('button', { name: 'Pay' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('No member has that card number.');
    expect(screen.getByRole('list', { name: 'Basket' })).toBeVisible();
    expect(within(log()).getAllByRole('article')[0]).toHaveAccessibleName('POST /partner-api/v1/sales: 404');
  });

  it('gets a new token when the API refuses the old one, and sends the same press again with the same key', async () => {
    const { sent, user } = await openTill({
      'POST /dev/till/token': [token(), token('tok-renewed-0987654321')],
      [SALE]: [
        { status: 401, body: { code: 'INVALID_TOKEN', description: 'Send a live access token.' } },
        saleAnswer,
      ],
    });
    await fillBasket(user);
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await within(result()).findByText('Paid: receipt', { exact: false });

    const sales = sent.filter((call) => `${call.method} ${call.url}` === SALE);
    expect(sales.map((call) => call.headers.get('authorization'))).toEqual([
      `Bearer ${TOKEN}`,
      'Bearer tok-renewed-0987654321',
    ]);
    expect(sales[1]?.headers.get('idempotency-key')).toBe(sales[0]?.headers.get('idempotency-key'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('holds points and shows until when, then captures them', async () => {
    const holdId = '5d7c7f2e-1111-4c3b-8d2a-0a0b0c0d0e0f';
    const expiresAt = new Date(2026, 10, 29, 14, 32).toISOString();
    const held = { holdId, state: 'HELD', points: 500, valuePence: 250, expiresAt, balance: 1950 };
    const { sent, user } = await openTill({
      'POST /partner-api/v1/holds': { status: 201, body: held },
      [`POST /partner-api/v1/holds/${holdId}/capture`]: { status: 200, body: { ...held, state: 'CAPTURED' } },
    });
    await user.type(screen.getByLabelText('Card number'), '12345678901');
    await user.clear(screen.getByLabelText('Points to spend'));
    await user.type(screen.getByLabelText('Points to spend'), '500');
    await user.click(screen.getByRole('button', { name: 'Hold points' }));

    expect(await screen.findByText('Held until 14:32')).toBeVisible();
    const hold = sent.find((call) => call.url === '/partner-api/v1/holds');
    expect(hold?.body).toEqual({
      member: { cardNumber: CARD },
      points: 500,
      storeId: 'store-0001',
      tillId: 'till-1',
    });
    expect(hold?.headers.get('idempotency-key')).toBeTruthy();
    expect(within(result()).getByText('Balance').parentElement).toHaveTextContent('Balance 1,950 points');

    await user.click(screen.getByRole('button', { name: 'Capture' }));
    expect(await screen.findByText('Captured: the points are spent')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel hold' })).toBeNull();
    const capture = sent.find((call) => call.url.endsWith('/capture'));
    expect(capture?.body).toBeUndefined();
    expect(capture?.headers.get('idempotency-key')).toBeNull();
  });

  it('returns picked lines of the sale and shows the points taken back', async () => {
    const { sent, user } = await openTill({
      [SALE]: saleAnswer,
      [`POST /partner-api/v1/sales/${(saleAnswer.body as { saleId: string }).saleId}/returns`]: {
        status: 201,
        body: {
          returnId: 'RET-1',
          saleId: (saleAnswer.body as { saleId: string }).saleId,
          pointsTaken: 75,
          pointsNotRecovered: 0,
          breakdown: [{ reason: 'Points taken back for a return', points: -75 }],
          balance: 2454,
        },
      },
    });
    await fillBasket(user);
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await within(result()).findByText('Paid: receipt', { exact: false });

    await user.click(screen.getByRole('button', { name: 'One more croissants to return' }));
    await user.click(screen.getByRole('button', { name: 'Return £2.37' }));

    expect(await within(result()).findByText('Points taken back')).toBeVisible();
    expect(within(result()).getByText('Points taken back').parentElement).toHaveTextContent(
      'Points taken back 75',
    );
    expect(within(result()).getByText('Points not recovered').parentElement).toHaveTextContent(
      'Points not recovered 0',
    );
    const returned = sent.find((call) => call.url.endsWith('/returns'));
    expect(returned?.body).toEqual({
      returnId: expect.stringMatching(/^RET-\d+$/),
      lines: [{ sku: 'croissants', quantity: 1, amount: 237 }],
    });
    expect(screen.queryByRole('button', { name: 'One more croissants to return' })).toBeNull();
  });

  it('asks for the card before paying, and sends nothing without it', async () => {
    const { sent, user } = await openTill({ [SALE]: saleAnswer });
    await user.click(screen.getByRole('button', { name: /^Add croissants/ }));
    await user.click(screen.getByRole('button', { name: 'Pay' }));

    expect(screen.getByLabelText('Card number')).toHaveFocus();
    expect(screen.getByLabelText('Card number')).toHaveAccessibleDescription(
      expect.stringContaining("Enter the member's card number, or scan it"),
    );
    expect(sent.filter((call) => call.url.startsWith('/partner-api/'))).toHaveLength(0);
  });

  it("says when the browser can't open a camera", async () => {
    const { user } = await openTill({});
    await user.click(screen.getByRole('button', { name: 'Scan with camera' }));
    expect(
      await screen.findByText("This browser can't open a camera here: type the number instead."),
    ).toBeVisible();
  });
});
