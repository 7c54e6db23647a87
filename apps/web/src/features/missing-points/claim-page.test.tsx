import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '../../test/user-event.ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { missingPointsMessages as m, ukDate, type ClaimAnswer } from '@app/contracts/missing-points';
import { missingPointsPaths } from '@app/contracts/missing-points-paths';
import { ClaimPage } from './claim-page.tsx';
import { MissingPointsPage } from './missing-points-page.tsx';

type Answer = { status: number; body: unknown };
/** The server, as answers by method and path; every call is recorded with its multipart form. */
function stubServer(answers: Record<string, Answer | (() => Answer)>) {
  const calls: { method: string; url: string; form?: FormData }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, form: init?.body instanceof FormData ? init.body : undefined });
      const found = answers[`${method} ${url}`];
      const answer = typeof found === 'function' ? found() : found;
      if (!answer) return Response.json({ code: 'NOT_FOUND', description: 'no stub' }, { status: 404 });
      return Response.json(answer.body, { status: answer.status });
    }),
  );
  return calls;
}

function renderAt(path: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider
        router={createMemoryRouter(
          [
            { path: '/account/missing-points', element: <MissingPointsPage /> },
            { path: '/account/missing-points/claim', element: <ClaimPage /> },
          ],
          { initialEntries: [path] },
        )}
      />
    </QueryClientProvider>,
  );
}

const today = ukDate(new Date());
/** The UK calendar day `days` before today (counted on the calendar: 24-hour steps cross a clock change). */
const daysAgo = (days: number) => {
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - days);
  return day.toISOString().slice(0, 10);
};
/** A YYYY-MM-DD day as a UK member types it in the three boxes: "3 11 2026" (no leading zeros). */
const typed = (isoDay: string) => {
  const [year = '', month = '', day = ''] = isoDay.split('-');
  return { day: String(Number(day)), month: String(Number(month)), year };
};
/** Text as it is seen on the page (a visually hidden word for a screen reader left out). */
const seen = { ignore: '.visually-hidden, script, style' };
const dateGroup = () => screen.getByRole('group', { name: 'Date of purchase' });

async function typeDate(
  user: ReturnType<typeof userEvent.setup>,
  date: { day: string; month: string; year: string },
) {
  const group = dateGroup();
  for (const [label, value] of [
    ['Day', date.day],
    ['Month', date.month],
    ['Year', date.year],
  ] as const) {
    if (value) await user.type(within(group).getByLabelText(label), value);
  }
}

async function fillForm(values: {
  partner?: string;
  date?: string | { day: string; month: string; year: string };
  spend?: string;
  reference?: string;
}) {
  const user = userEvent.setup({ delay: null });
  if (values.partner) await user.selectOptions(screen.getByLabelText('Where you shopped'), values.partner);
  if (values.date) await typeDate(user, typeof values.date === 'string' ? typed(values.date) : values.date);
  if (values.spend) await user.type(screen.getByLabelText('Amount spent'), values.spend);
  if (values.reference)
    await user.type(screen.getByLabelText('Receipt or order reference'), values.reference);
  return user;
}

// Typing into a form of five fields takes seconds on a busy machine.
describe('ClaimPage', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks the fields before sending: a summary that takes the focus, each error by its field', async () => {
    const calls = stubServer({});
    renderAt('/account/missing-points/claim');
    const user = await fillForm({ spend: '12.345', date: daysAgo(91) });
    await user.click(screen.getByRole('button', { name: 'Send claim' }));

    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(
      within(summary).getByRole('link', { name: `Where you shopped: ${m.partnerRequired}` }),
    ).toBeVisible();
    expect(within(summary).getByRole('link', { name: `Date of purchase: ${m.dateTooOld}` })).toBeVisible();
    expect(within(summary).getByRole('link', { name: `Amount spent: ${m.spendInvalid}` })).toBeVisible();
    await vi.waitFor(() => expect(summary).toHaveFocus());
    // Each field says what is wrong with it, read with the field.
    expect(screen.getByLabelText('Amount spent')).toHaveAccessibleDescription(
      `£ In pounds, for example 12.50 ${m.spendInvalid}`,
    );
    expect(screen.getByLabelText('Amount spent')).toHaveValue('12.345');
    expect(screen.getByLabelText('Where you shopped')).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(summary).getByRole('link', { name: `Where you shopped: ${m.partnerRequired}` }));
    expect(screen.getByLabelText('Where you shopped')).toHaveFocus();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('asks for the date as UK members type it: Day, Month and Year boxes in one group with its hint', async () => {
    stubServer({});
    renderAt('/account/missing-points/claim');
    const group = dateGroup();
    const [day, month, year] = ['Day', 'Month', 'Year'].map((label) => within(group).getByLabelText(label));
    expect(group).toHaveAccessibleDescription(
      expect.stringMatching(/^Within the last 90 days\. For example, \d{1,2} \d{1,2} \d{4}$/),
    );
    for (const box of [day, month, year]) {
      expect(box).toHaveAttribute('inputmode', 'numeric');
      expect(box).toHaveAttribute('type', 'text');
    }
    // No browser date picker, whose mm/dd/yyyy follows the browser's locale.
    expect(document.querySelector('input[type="date"]')).toBeNull();
  });

  it('refuses an impossible date by the group and in the summary, and the link takes the member to the Day box', async () => {
    const calls = stubServer({});
    renderAt('/account/missing-points/claim');
    const user = await fillForm({
      partner: 'Argos',
      date: { day: '31', month: '2', year: '2026' },
      spend: '12',
      reference: 'ARG-1',
    });
    await user.click(screen.getByRole('button', { name: 'Send claim' }));

    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    // The summary takes the focus first (a frame after the click), as the member sees it.
    await vi.waitFor(() => expect(summary).toHaveFocus());
    expect(within(summary).getAllByRole('link')).toHaveLength(1);
    const link = within(summary).getByRole('link', { name: `Date of purchase: ${m.dateInvalid}` });
    const group = dateGroup();
    expect(group).toHaveAccessibleDescription(expect.stringMatching(new RegExp(`${m.dateInvalid}$`)));
    expect(within(group).getByText(m.dateInvalid)).toBeVisible();
    // February has no 31st: the day is at fault, not the month or the year.
    expect(within(group).getByLabelText('Day')).toHaveAttribute('aria-invalid', 'true');
    expect(within(group).getByLabelText('Month')).not.toHaveAttribute('aria-invalid');
    expect(within(group).getByLabelText('Year')).not.toHaveAttribute('aria-invalid');
    // What was typed stays.
    expect(within(group).getByLabelText('Day')).toHaveValue('31');
    await user.click(link);
    expect(within(group).getByLabelText('Day')).toHaveFocus();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('refuses a date in the future, all three boxes at fault; the link focuses the Day box', async () => {
    stubServer({});
    renderAt('/account/missing-points/claim');
    const user = await fillForm({ partner: 'eBay', date: daysAgo(-1), spend: '12', reference: 'EB-42' });
    await user.click(screen.getByRole('button', { name: 'Send claim' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    // The summary takes the focus first (a frame after the click), as the member sees it.
    await vi.waitFor(() => expect(summary).toHaveFocus());
    const group = dateGroup();
    expect(within(group).getByText(m.dateInFuture)).toBeVisible();
    for (const label of ['Day', 'Month', 'Year']) {
      expect(within(group).getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    }
    await user.click(within(summary).getByRole('link', { name: `Date of purchase: ${m.dateInFuture}` }));
    expect(within(group).getByLabelText('Day')).toHaveFocus();
  });

  it('says which box is missing, and marks only that one', async () => {
    stubServer({});
    renderAt('/account/missing-points/claim');
    const user = await fillForm({ date: { day: '3', month: '', year: '2026' } });
    await user.click(screen.getByRole('button', { name: 'Send claim' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    // The summary takes the focus first (a frame after the click), as the member sees it.
    await vi.waitFor(() => expect(summary).toHaveFocus());
    const message = 'The date of purchase must include a month.';
    const group = dateGroup();
    expect(within(group).getByText(message)).toBeVisible();
    expect(within(group).getByLabelText('Month')).toHaveAttribute('aria-invalid', 'true');
    expect(within(group).getByLabelText('Day')).not.toHaveAttribute('aria-invalid');
    await user.click(within(summary).getByRole('link', { name: `Date of purchase: ${message}` }));
    expect(within(group).getByLabelText('Month')).toHaveFocus();
  });

  it("keeps the group's message true to what is typed after sending: each box checks the others again", async () => {
    stubServer({});
    renderAt('/account/missing-points/claim');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Send claim' }));
    const group = dateGroup();
    expect(within(group).getByText(m.dateRequired)).toBeVisible();
    // A day typed: the month and year are what is missing now, not the whole date.
    await user.type(within(group).getByLabelText('Day'), '3');
    expect(within(group).getByText('The date of purchase must include a month and year.')).toBeVisible();
    expect(within(group).getByLabelText('Day')).not.toHaveAttribute('aria-invalid');
    expect(within(group).getByLabelText('Month')).toHaveAttribute('aria-invalid', 'true');
    await user.type(within(group).getByLabelText('Year'), '2026');
    expect(within(group).getByText('The date of purchase must include a month.')).toBeVisible();
    await user.type(within(group).getByLabelText('Month'), '13');
    expect(within(group).getByText(m.dateInvalid)).toBeVisible();
    expect(within(group).getByLabelText('Month')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(within(group).getByLabelText('Year'));
    expect(within(group).getByText('The date of purchase must include a year.')).toBeVisible();
    expect(within(group).getByLabelText('Month')).not.toHaveAttribute('aria-invalid');
    expect(within(group).getByLabelText('Year')).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a receipt of another type or over 5 MB at once, before sending', async () => {
    stubServer({});
    renderAt('/account/missing-points/claim');
    const user = userEvent.setup({ applyAccept: false, delay: null });
    const input = screen.getByLabelText(/^Photo of the receipt \(optional\)/);
    await user.upload(input, new File(['GIF89a'], 'receipt.gif', { type: 'image/gif' }));
    expect(input).toHaveAccessibleDescription(
      `A photo (JPEG or PNG) or a PDF, 5 MB at most. It helps us settle your claim sooner. receipt.gif 1 KB ${m.receiptType}`,
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(input, big);
    expect(screen.getByText(m.receiptTooLarge)).toBeVisible();
    expect(screen.getByText('5 MB')).toBeVisible();
  });

  it('draws the file picker as a button, names the chosen file, and lets the member replace or remove it', async () => {
    stubServer({});
    renderAt('/account/missing-points/claim');
    const user = userEvent.setup({ delay: null });
    const input = screen.getByLabelText(/^Photo of the receipt \(optional\)/);
    // The input is hidden from sight but not from the keyboard or a screen reader: named by the field's label and
    // the button-like label drawn for it, described by the hint; the accept list stays.
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveClass('visually-hidden');
    expect(input).not.toHaveAttribute('tabindex');
    expect(input).toHaveAccessibleName('Photo of the receipt (optional) Choose a photo or PDF');
    expect(input).toHaveAccessibleDescription(
      'A photo (JPEG or PNG) or a PDF, 5 MB at most. It helps us settle your claim sooner.',
    );
    expect(input).toHaveAttribute('accept', '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf');
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();

    await user.upload(
      input,
      new File([new Uint8Array(48 * 1024)], 'till-receipt.jpg', { type: 'image/jpeg' }),
    );
    expect(screen.getByText('till-receipt.jpg', seen)).toBeVisible();
    expect(screen.getByText('48 KB')).toBeVisible();
    expect(input).toHaveAccessibleName('Photo of the receipt (optional) Choose another file');
    expect(input).toHaveAccessibleDescription(
      'A photo (JPEG or PNG) or a PDF, 5 MB at most. It helps us settle your claim sooner. till-receipt.jpg 48 KB',
    );

    // Another file replaces it.
    await user.upload(
      input,
      new File([new Uint8Array(2.4 * 1024 * 1024)], 'order-email.pdf', { type: 'application/pdf' }),
    );
    expect(screen.queryByText('till-receipt.jpg', seen)).toBeNull();
    expect(screen.getByText('order-email.pdf', seen)).toBeVisible();
    expect(screen.getByText('2.4 MB')).toBeVisible();

    // Remove: no file, the input empty again, the focus back on it.
    await user.click(screen.getByRole('button', { name: 'Remove order-email.pdf' }));
    expect(screen.queryByText('order-email.pdf', seen)).toBeNull();
    expect((input as HTMLInputElement).files).toHaveLength(0);
    expect(input).toHaveFocus();
    expect(input).toHaveAccessibleName('Photo of the receipt (optional) Choose a photo or PDF');
  });

  it('sends the claim as multipart with its receipt, and shows the stored claim', async () => {
    const stored: ClaimAnswer = {
      outcome: 'STORED',
      claim: {
        id: 'c1',
        partner: 'argos',
        partnerName: 'Argos',
        purchasedOn: daysAgo(3),
        spendPence: 4599,
        reference: 'ORD-1',
        status: 'OPEN',
        pointsGranted: null,
        operatorNote: null,
        hasReceipt: true,
        createdAt: new Date().toISOString(),
        settledAt: null,
      },
    };
    const calls = stubServer({ [`POST ${missingPointsPaths.claims}`]: { status: 201, body: stored } });
    renderAt('/account/missing-points/claim');
    const user = await fillForm({ partner: 'Argos', date: daysAgo(3), spend: '45.99', reference: 'ORD-1' });
    await user.upload(
      screen.getByLabelText(/^Photo of the receipt \(optional\)/),
      new File([new Uint8Array([137, 80, 78, 71])], 'receipt.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: 'Send claim' }));
    expect(await screen.findByRole('heading', { name: m.received })).toHaveFocus();
    const form = calls.find((call) => call.method === 'POST')?.form;
    expect(Object.fromEntries([...(form?.entries() ?? [])].filter(([, v]) => typeof v === 'string'))).toEqual(
      {
        partner: 'argos',
        purchasedOn: daysAgo(3),
        spend: '45.99',
        reference: 'ORD-1',
      },
    );
    expect((form?.get('receipt') as File | null)?.name).toBe('receipt.png');
  });

  it('shows the instant answer when the points are on their way', async () => {
    const pending: ClaimAnswer = {
      outcome: 'PENDING',
      pending: {
        id: 'p1',
        partner: 'argos',
        partnerName: 'Argos',
        purchasedOn: '2026-03-02',
        spendPence: 6400,
        reference: 'ARG-5521-0907',
        points: 128,
        expectedOn: '2026-03-09',
      },
    };
    stubServer({ [`POST ${missingPointsPaths.claims}`]: { status: 200, body: pending } });
    renderAt('/account/missing-points/claim');
    const user = await fillForm({ partner: 'Argos', date: today, spend: '64', reference: 'ARG-5521-0907' });
    await user.click(screen.getByRole('button', { name: 'Send claim' }));
    expect(await screen.findByRole('heading', { name: m.onTheirWay })).toBeVisible();
    expect(screen.getByText(/will be in your balance by 9 March 2026/)).toBeVisible();
  });

  it("keeps what was typed and shows the server's refusal by its field", async () => {
    stubServer({
      [`POST ${missingPointsPaths.claims}`]: {
        status: 409,
        body: { code: 'CLAIM_DUPLICATE', description: m.duplicate },
      },
    });
    renderAt('/account/missing-points/claim');
    const user = await fillForm({ partner: 'eBay', date: today, spend: '10', reference: 'EB-42' });
    await user.click(screen.getByRole('button', { name: 'Send claim' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(
      within(summary).getByRole('link', { name: `Receipt or order reference: ${m.duplicate}` }),
    ).toBeVisible();
    expect(screen.getByLabelText('Receipt or order reference')).toHaveValue('EB-42');
    expect(screen.getByLabelText('Amount spent')).toHaveValue('10');
  });
});

describe('MissingPointsPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says when there are no claims yet, and offers the form', async () => {
    stubServer({
      [`GET ${missingPointsPaths.claims}`]: { status: 200, body: { claims: [], openCount: 0, maxOpen: 5 } },
      [`GET ${missingPointsPaths.pending}`]: { status: 200, body: { total: 0, entries: [] } },
    });
    renderAt('/account/missing-points');
    expect(await screen.findByText(/You haven’t claimed any missing points/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Claim missing points' })).toHaveAttribute(
      'href',
      '/account/missing-points/claim',
    );
  });
});
