import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { offerMessages, type StaffOfferDetails } from '@app/contracts/staff-offers';
import '../../test/dialog.ts';
import { renderConsole, stubServer, type MadeCall, type StubAnswer } from '../../test/render-console.tsx';
import { marketer, offerDetails, OFFER_ID, performance, pictures, sessionOf } from '../../test/offers.ts';

const MEMBER = '11111111-1111-4111-8111-111111111111';
const waiting = (changes: Partial<StaffOfferDetails> = {}) =>
  offerDetails({ status: 'submitted', lifecycle: 'awaiting-approval', approvedBy: null, ...changes });

/** The offer's page answering `offer`, and each step as `step` says (by default the offer as it comes). */
function offerServer(
  offer: StaffOfferDetails,
  step: (call: MadeCall) => StubAnswer = () => ({ status: 200, body: offer }),
  session: unknown = marketer,
) {
  let shown = offer;
  const steps = ['submit', 'approve', 'reject', 'pause', 'resume', 'end', 'new-version'];
  return stubServer(
    {
      [`GET /staff-api/offers/${OFFER_ID}`]: () => ({ status: 200, body: shown }),
      'GET /staff-api/offer-pictures': () => ({ status: 200, body: pictures }),
      [`GET /staff-api/offers/${OFFER_ID}/performance`]: () => ({ status: 200, body: performance() }),
      [`POST /staff-api/offers/${OFFER_ID}/preview`]: (call) => ({
        status: 200,
        body: {
          memberId: (call.body as { memberId?: string }).memberId ?? null,
          inAudience: (call.body as { memberId?: string }).memberId ? false : null,
          paths: {
            offerCard: '/offercard-preview/token',
            heroCard: '/herocard-preview/token',
            offerDetails: '/offerdetails-preview/token',
          },
        },
      }),
      ...Object.fromEntries(
        steps.map((name) => [
          `POST /staff-api/offers/${OFFER_ID}/${name}`,
          (call: MadeCall) => {
            const answer = step(call);
            if (answer.status === 200 && name !== 'new-version') shown = answer.body as StaffOfferDetails;
            return answer;
          },
        ]),
      ),
    },
    session,
  );
}

const posts = (calls: MadeCall[]) => calls.filter((call) => call.method === 'POST');

afterEach(() => {
  vi.useRealTimers();
});

describe("an offer's page", () => {
  it('shows its summary, its people, the steps a marketer may take, and what it did', async () => {
    offerServer(offerDetails());
    renderConsole(`/offers/${OFFER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Double up at the pump' })).toBeVisible();
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(summary).toHaveTextContent('Shopped at Esso in the last 90 days');
    expect(summary).toHaveTextContent('500 points for spending £40.00 or more on the fuel category');
    expect(summary).toHaveTextContent('50,000 points (£250.00)');
    const next = screen.getByRole('complementary', { name: 'What happens next' });
    expect(next).toHaveTextContent('Written bySam Writer');
    expect(next).toHaveTextContent('Approved byAda Admin');
    expect(within(next).getByRole('button', { name: 'Pause' })).toBeVisible();
    expect(within(next).getByRole('button', { name: 'End' })).toBeVisible();
    expect(within(next).getByRole('button', { name: 'Make a new version' })).toBeVisible();
    expect(within(next).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(next).queryByRole('link', { name: 'Edit' })).toBeNull();

    const did = screen.getByRole('region', { name: 'What it did' });
    const meter = await within(did).findByRole('meter', {
      name: 'Points issued of the budget of Double up at the pump',
    });
    expect(meter).toHaveAttribute('aria-valuetext', '12,000 of 50,000 points, 24%');
    expect(did).toHaveTextContent('Reached8,400');
    expect(did).toHaveTextContent('Cost£60.00');
    const days = within(did).getByRole<HTMLTableElement>('table', {
      name: 'Payouts, points and cost by day',
    });
    expect(days.tBodies[0]?.rows).toHaveLength(2);
    expect(days).toHaveTextContent('Wed, 2 Dec 2026147,000£35.00');
    expect(within(did).getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `/staff-api/offers/${OFFER_ID}/performance.csv`,
    );
  });

  it('reads the figures of a running offer again every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = offerServer(offerDetails());
    renderConsole(`/offers/${OFFER_ID}`);
    const reads = () => calls.filter((call) => call.url.endsWith('/performance')).length;
    expect(await screen.findByRole('meter')).toBeVisible();
    expect(reads()).toBe(1);
    await vi.advanceTimersByTimeAsync(30_000);
    await waitFor(() => expect(reads()).toBe(2));
    expect(screen.getByText(/and again every 30 seconds/)).toBeVisible();
  });

  it('approves an offer waiting, after saying what it does to members', async () => {
    const calls = offerServer(waiting(), () => ({
      status: 200,
      body: offerDetails({ approvedBy: 'Morgan Marketer' }),
    }));
    renderConsole(`/offers/${OFFER_ID}`);
    const user = userEvent.setup();
    const next = await screen.findByRole('complementary', { name: 'What happens next' });
    expect(screen.getByText('Awaiting approval')).toBeVisible();
    await user.click(within(next).getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve “Double up at the pump”' });
    expect(dialog).toHaveTextContent(
      'for members who meet every rule: Shopped at Esso in the last 90 days. Tills pay it from then.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Approve the offer' }));
    const done = await screen.findByText('Approved.');
    expect(done.closest('[tabindex="-1"]')).toHaveFocus();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts(calls).map((call) => call.url)).toEqual([`/staff-api/offers/${OFFER_ID}/approve`]);
    expect(await within(next).findByRole('button', { name: 'Pause' })).toBeVisible();
    expect(screen.getByText('Live')).toBeVisible();
  });

  it('offers no Approve or Reject to the person who wrote or sent it, and says who may', async () => {
    offerServer(waiting({ submittedById: marketer.id }), () => ({ status: 500, body: {} }));
    renderConsole(`/offers/${OFFER_ID}`);
    expect(await screen.findByText(/Someone else must approve an offer you wrote/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it("shows the server's refusal of an approval in the dialog, in its words", async () => {
    offerServer(waiting({ createdBy: 'Someone Else', submittedBy: 'Someone Else' }), () => ({
      status: 403,
      body: { code: 'ROLE_REFUSED', description: offerMessages.ownApproval },
    }));
    renderConsole(`/offers/${OFFER_ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Approve the offer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(offerMessages.ownApproval);
  });

  it('rejects only with a reason, which goes to the writer', async () => {
    const calls = offerServer(waiting(), () => ({
      status: 200,
      body: offerDetails({ status: 'draft', lifecycle: 'draft', stoppedReason: 'Say which fuel' }),
    }));
    renderConsole(`/offers/${OFFER_ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject “Double up at the pump”' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject the offer' }));
    expect(reason).toHaveAccessibleDescription(/Give the reason in 3 to 500 characters/);
    expect(posts(calls)).toHaveLength(0);
    await user.type(reason, 'Say which fuel');
    await user.click(within(dialog).getByRole('button', { name: 'Reject the offer' }));
    expect(await screen.findByText('Rejected: the offer is a draft again.')).toBeVisible();
    expect(posts(calls)[0]?.body).toEqual({ reason: 'Say which fuel' });
    expect(screen.getByText('Sent back')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/offers/${OFFER_ID}/edit`);
  });

  it('sends a draft for approval at once, and has no figures yet', async () => {
    const calls = offerServer(
      offerDetails({ status: 'draft', lifecycle: 'draft', approvedBy: null }),
      () => ({
        status: 200,
        body: waiting(),
      }),
    );
    renderConsole(`/offers/${OFFER_ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send for approval' }));
    expect(await screen.findByText('Sent for approval. Someone else must approve it.')).toBeVisible();
    expect(posts(calls).map((call) => call.url)).toEqual([`/staff-api/offers/${OFFER_ID}/submit`]);
    expect(screen.getByText('Its figures start once it is approved and live.')).toBeVisible();
    expect(calls.some((call) => call.url.endsWith('/performance'))).toBe(false);
  });

  it('ends a live offer after a warning, and makes a new version as a draft to change', async () => {
    offerServer(offerDetails(), (call) =>
      call.url.endsWith('/new-version')
        ? {
            status: 201,
            body: offerDetails({ id: 'offer-2', status: 'draft', lifecycle: 'draft', version: 2 }),
          }
        : { status: 200, body: offerDetails({ status: 'ended', lifecycle: 'ended' }) },
    );
    const router = renderConsole(`/offers/${OFFER_ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'End' }));
    const dialog = screen.getByRole('dialog', { name: 'End “Double up at the pump”' });
    expect(dialog).toHaveTextContent(/make a new version to run it again/);
    await user.click(within(dialog).getByRole('button', { name: 'End the offer' }));
    expect(await screen.findByText('Ended.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Make a new version' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/offers/offer-2/edit'));
  });

  it('previews the three pages as a chosen member, at phone and desktop width', async () => {
    const calls = offerServer(offerDetails());
    renderConsole(`/offers/${OFFER_ID}`);
    const user = userEvent.setup();
    const preview = await screen.findByRole('region', { name: 'Preview' });
    const member = within(preview).getByRole('textbox', { name: 'Member’s id (optional)' });
    await user.type(member, 'Alex');
    await user.click(within(preview).getByRole('button', { name: 'Show the preview' }));
    expect(member).toHaveAccessibleDescription(/Enter the member’s id/);
    await user.clear(member);
    await user.type(member, MEMBER);
    await user.click(within(preview).getByRole('button', { name: 'Show the preview' }));

    expect(await within(preview).findByText(/not in the offer’s audience now/)).toBeVisible();
    expect(posts(calls).at(-1)?.body).toEqual({ memberId: MEMBER });
    const card = within(preview).getByTitle('Offer card as a member sees it, phone width');
    expect(card).toHaveAttribute('src', '/offercard-preview/token');
    expect(card).toHaveAttribute('width', '390');
    expect(within(preview).getByTitle('Offer page as a member sees it, phone width')).toHaveAttribute(
      'src',
      '/offerdetails-preview/token',
    );
    expect(
      within(preview).getByRole('link', { name: 'Open the hero card preview in a new tab' }),
    ).toHaveAttribute('href', '/herocard-preview/token');
    await user.click(within(preview).getByRole('radio', { name: 'Desktop (1366 px)' }));
    expect(within(preview).getByTitle('Hero card as a member sees it, desktop width')).toHaveAttribute(
      'width',
      '1366',
    );
  });

  it("says so when there is no such offer, in the server's words", async () => {
    stubServer(
      {
        'GET /staff-api/offer-pictures': () => ({ status: 200, body: pictures }),
        'GET /staff-api/offers/nope': () => ({
          status: 404,
          body: { code: 'OFFER_NOT_FOUND', description: offerMessages.notFound },
        }),
      },
      sessionOf('admin', 'Ada Admin'),
    );
    renderConsole('/offers/nope');
    expect(await screen.findByRole('alert')).toHaveTextContent(offerMessages.notFound);
  });
});
