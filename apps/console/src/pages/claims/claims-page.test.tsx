import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { missingPointsMessages } from '@app/contracts/missing-points';
import { STAFF_ACTIONS, mayDo, staffMessages, type StaffRole } from '@app/contracts/staff';
import type { QueuedClaim } from '@app/contracts/staff-careline';
import '../../test/dialog.ts';
import {
  agent,
  renderConsole,
  stubServer,
  type MadeCall,
  type StubAnswer,
} from '../../test/render-console.tsx';

const session = (role: StaffRole) => ({
  ...agent,
  role,
  actions: Object.keys(STAFF_ACTIONS).filter((action) => mayDo(role, action as keyof typeof STAFF_ACTIONS)),
});

/** The `n`th claim of the queue: claimed on day n of November, by member n. */
const claim = (n: number, changes: Partial<QueuedClaim> = {}): QueuedClaim => ({
  id: `claim-${n}`,
  memberId: `0000000${n % 10}-0000-4000-8000-00000000000${n % 10}`,
  memberName: `Member ${String(n).padStart(2, '0')}`,
  partner: 'argos',
  reference: `ARG-${1000 + n}`,
  transactionDate: `2026-10-${String((n % 28) + 1).padStart(2, '0')}`,
  amount: `${n}.50`,
  status: 'OPEN',
  createdAt: `2026-11-${String((n % 28) + 1).padStart(2, '0')}T09:00:00Z`,
  ...changes,
});

/** A queue of `claims` (oldest first, as the server answers) and a decision answered as `decide` says. */
function claimsServer(
  claims: QueuedClaim[],
  decide: (call: MadeCall) => StubAnswer = () => ({ status: 200, body: { message: 'Claim decided.' } }),
  role: StaffRole = 'supervisor',
) {
  let queue = claims;
  const calls = stubServer(
    {
      'GET /staff-api/claims': () => ({ status: 200, body: queue }),
      ...Object.fromEntries(
        claims.map((queued) => [
          `POST /staff-api/claims/${queued.id}/decision`,
          (call: MadeCall) => {
            const answer = decide(call);
            if (answer.status === 200) queue = queue.filter((other) => other.id !== queued.id);
            return answer;
          },
        ]),
      ),
    },
    session(role),
  );
  return { calls, reads: () => calls.filter((call) => call.url === '/staff-api/claims').length };
}

/** The queue's table, found once by its name: role queries over its rows are slow in jsdom. */
const queueTable = async () =>
  screen.findByRole<HTMLTableElement>('table', { name: 'Claims waiting for a decision' });
const rows = (table: HTMLTableElement) => [...(table.tBodies[0]?.rows ?? [])];
/** The members' names down the page. */
const names = (table: HTMLTableElement) => rows(table).map((row) => row.cells[1]?.textContent ?? '');
/** The header of the column `name`. */
const header = (table: HTMLTableElement, name: RegExp) =>
  within(table.tHead as HTMLElement).getByRole('columnheader', { name });

describe('the claims queue', () => {
  it('lists the claims oldest first in pages of 20, the page in the address', async () => {
    claimsServer(Array.from({ length: 25 }, (_, index) => claim(index + 1)));
    const router = renderConsole('/claims');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Claims' })).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(within(nav).getByRole('link', { name: 'Claims' })).toHaveAttribute('aria-current', 'page');
    const table = await queueTable();

    expect(names(table)).toHaveLength(20);
    expect(names(table)[0]).toBe('Member 01');
    const row = rows(table)[0] as HTMLElement;
    expect(row).toHaveTextContent('Argos');
    expect(row).toHaveTextContent('£1.50');
    expect(row).toHaveTextContent('ARG-1001');
    expect(within(row).getByRole('link', { name: 'Member 01' })).toHaveAttribute(
      'href',
      '/members/00000001-0000-4000-8000-000000000001',
    );
    expect(header(table, /Claimed/)).toHaveAttribute('aria-sort', 'ascending');
    const pages = screen.getByRole('navigation', { name: 'Pages of claims' });
    expect(pages).toHaveTextContent('Claims 1 to 20 of 25');

    await user.click(within(pages).getByRole('link', { name: 'Next page' }));
    expect(router.state.location.search).toBe('?page=2');
    expect(names(table)).toEqual(['Member 21', 'Member 22', 'Member 23', 'Member 24', 'Member 25']);
    expect(screen.getByRole('navigation', { name: 'Pages of claims' })).toHaveTextContent(
      'Claims 21 to 25 of 25',
    );
  });

  it('sorts by a column from its header, in the address, from page 1; again, the other way', async () => {
    claimsServer(Array.from({ length: 25 }, (_, index) => claim(index + 1)));
    const router = renderConsole('/claims?page=2');
    const user = userEvent.setup();
    const table = await queueTable();
    await user.click(
      within(header(table, /Claimed/)).getByRole('link', { name: 'Claimed (sort by this column)' }),
    );
    expect(router.state.location.search).toBe('?sort=createdAt&order=desc');
    await waitFor(() => expect(names(table)[0]).toBe('Member 25'));
    expect(header(table, /Claimed/)).toHaveAttribute('aria-sort', 'descending');
    await user.click(
      within(header(table, /Member/)).getByRole('link', { name: 'Member (sort by this column)' }),
    );
    expect(router.state.location.search).toBe('?sort=memberName&order=asc');
    expect(names(table).slice(0, 2)).toEqual(['Member 01', 'Member 02']);
    expect(header(table, /Member/)).toHaveAttribute('aria-sort', 'ascending');
  });

  it('opens on the sort and page of its address', async () => {
    claimsServer(Array.from({ length: 25 }, (_, index) => claim(index + 1)));
    renderConsole('/claims?sort=amount&order=desc&page=2');
    const table = await queueTable();
    expect(names(table)).toEqual(['Member 05', 'Member 04', 'Member 03', 'Member 02', 'Member 01']);
    expect(header(table, /Spent/)).toHaveAttribute('aria-sort', 'descending');
  });

  it("grants a claim with its points and note: the server's words show, the queue read again", async () => {
    const server = claimsServer([claim(1), claim(2)], () => ({
      status: 200,
      body: { message: 'Claim granted: 640 points added. The member has been told.' },
    }));
    renderConsole('/claims');
    const user = userEvent.setup();
    const table = await queueTable();
    const first = rows(table)[0] as HTMLElement;
    // The other row's button, the same element throughout: a table that drew its cells anew on each render
    // (new columns each time) would replace it, and a click on it would miss.
    const other = within(rows(table)[1] as HTMLElement).getByRole('button', { name: 'Grant claim ARG-1002' });
    await user.click(within(first).getByRole('button', { name: 'Grant claim ARG-1001' }));
    const dialog = screen.getByRole('dialog', { name: "Grant Member 01's Argos claim ARG-1001" });
    const points = within(dialog).getByRole('spinbutton', { name: 'Points' });
    expect(points).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Grant the points' }));
    expect(points).toHaveAccessibleDescription('Enter the points as a whole number from 1 to 100,000.');
    expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.type(points, '640');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Note the member sees (optional)' }),
      'Found on the receipt',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Grant the points' }));
    const notice = await screen.findByText('Claim granted: 640 points added. The member has been told.');
    expect(notice.closest('[tabindex="-1"]')).toHaveFocus();
    expect(screen.queryByRole('dialog')).toBeNull();
    const sent = server.calls.find((call) => call.method === 'POST');
    expect(sent?.url).toBe('/staff-api/claims/claim-1/decision');
    expect(sent?.body).toEqual({ grant: true, points: 640, note: 'Found on the receipt' });
    await waitFor(() => expect(names(table)).toEqual(['Member 02']));
    expect(server.reads()).toBe(2);
    expect(other).toBeInTheDocument();
  });

  it("refuses a claim with the member's reason; a refusal of the server stays in the dialog", async () => {
    let answer: StubAnswer = {
      status: 409,
      body: { code: 'CLAIM_ALREADY_SETTLED', description: missingPointsMessages.alreadySettled },
    };
    const server = claimsServer([claim(1)], () => answer);
    renderConsole('/claims');
    const user = userEvent.setup();
    const table = await queueTable();
    await user.click(
      within(rows(table)[0] as HTMLElement).getByRole('button', { name: 'Refuse claim ARG-1001' }),
    );
    const dialog = screen.getByRole('dialog', { name: "Refuse Member 01's Argos claim ARG-1001" });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason the member reads' });
    await user.type(reason, 'No');
    await user.click(within(dialog).getByRole('button', { name: 'Refuse the claim' }));
    expect(reason).toHaveAccessibleDescription(/Give the reason in 3 to 200 characters/);
    await user.type(reason, ' purchase on the receipt for this card');
    await user.click(within(dialog).getByRole('button', { name: 'Refuse the claim' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(missingPointsMessages.alreadySettled);
    await waitFor(() => expect(server.reads()).toBe(2));

    answer = { status: 200, body: { message: 'Claim refused. The member has been told why.' } };
    await user.click(within(dialog).getByRole('button', { name: 'Refuse the claim' }));
    expect(await screen.findByText('Claim refused. The member has been told why.')).toBeVisible();
    expect(server.calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({
      grant: false,
      reason: 'No purchase on the receipt for this card',
    });
    expect(await screen.findByText('No claims are waiting.')).toBeVisible();
  });

  it('shows Grant and Refuse only to a role whose actions include deciding', async () => {
    stubServer(
      { 'GET /staff-api/claims': () => ({ status: 200, body: [claim(1)] }) },
      { ...agent, role: 'supervisor', actions: ['search', 'viewMember', 'viewClaims'] },
    );
    renderConsole('/claims');
    const table = await queueTable();
    expect(names(table)).toEqual(['Member 01']);
    expect(within(table).queryByRole('columnheader', { name: 'Decision' })).toBeNull();
    expect(within(table).queryByRole('button')).toBeNull();
  });

  it('says when no claims are waiting', async () => {
    claimsServer([]);
    renderConsole('/claims');
    expect(await screen.findByText('No claims are waiting.')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('is not for an agent: no Claims in the menu, and the page says the role may not', async () => {
    stubServer({}, session('agent'));
    renderConsole('/claims');
    expect(await screen.findByText(staffMessages.roleRefused)).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(within(nav).queryByRole('link', { name: 'Claims' })).toBeNull();
  });
});
