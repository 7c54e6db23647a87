import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { staffMessages, type StaffMemberView } from '@app/contracts/staff';
import { renderConsole, stubServer, type MadeCall } from '../../test/render-console.tsx';

const id = '11111111-1111-4111-8111-111111111111';
const member = (balance: number, adjustments: StaffMemberView['adjustments'] = []): StaffMemberView => ({
  id,
  name: 'Mr Alex Morgan',
  status: 'active',
  accountKind: 'consumer',
  joinedAt: '2024-03-01T10:00:00.000Z',
  email: 'd***@example.com',
  mobile: '********901',
  dateOfBirth: '****-**-** (1988)',
  postcode: 'EC1A ***',
  balance,
  spendingLocked: false,
  signInLockedUntil: null,
  failedSignIns: 0,
  cards: [
    { number: '9826300012345678901', kind: 'digital', status: 'active', issuedAt: '2024-03-01T10:00:00Z' },
  ],
  ledger: [
    {
      id: 'e1',
      amount: 120,
      reason: 'Shopping',
      source: 'sainsburys-till',
      createdAt: '2026-11-20T09:00:00Z',
    },
  ],
  claims: [],
  adjustments,
});
const change = (state: 'applied' | 'pending', points: number) => ({
  id: '22222222-2222-4222-8222-222222222222',
  memberId: id,
  points,
  reason: 'goodwill' as const,
  note: 'Sorry for the wait',
  state,
  requestedBy: 'agent',
  decidedBy: null,
  createdAt: '2026-11-29T10:00:00Z',
  decidedAt: null,
});

/** A server where the member opens once the caller was checked, and takes changes as `answer` says. */
function memberServer(answer: (call: MadeCall) => { status: number; body: unknown }) {
  let checked = false;
  let balance = 1000;
  return stubServer({
    'GET /staff-api/members/11111111-1111-4111-8111-111111111111': () =>
      checked
        ? { status: 200, body: member(balance) }
        : {
            status: 409,
            body: {
              code: 'CALLER_CHECK_REQUIRED',
              description: staffMessages.callerCheckRequired,
              name: 'Mr Alex Morgan',
            },
          },
    'POST /staff-api/members/11111111-1111-4111-8111-111111111111/caller-check': (call) => {
      checked = (call.body as { postcode?: string }).postcode === 'EC1A 1BB';
      return { status: 200, body: { passed: checked, matches: checked } };
    },
    'POST /staff-api/members/11111111-1111-4111-8111-111111111111/adjustments': (call) => {
      const answered = answer(call);
      if (answered.status === 201) balance += (call.body as { points: number }).points;
      return answered;
    },
  });
}

const checkCaller = async (user: ReturnType<typeof userEvent.setup>, postcode: string) => {
  await user.clear(await screen.findByLabelText('Date of birth'));
  await user.type(screen.getByLabelText('Date of birth'), '1988-04-12');
  await user.clear(screen.getByLabelText('Postcode'));
  await user.type(screen.getByLabelText('Postcode'), postcode);
  await user.click(screen.getByRole('button', { name: 'Check the caller' }));
};

const addPoints = async (user: ReturnType<typeof userEvent.setup>, points: string) => {
  await user.type(screen.getByLabelText('Points'), points);
  await user.selectOptions(screen.getByLabelText('Reason'), 'goodwill');
  await user.type(screen.getByLabelText('Note the member sees'), 'Sorry for the wait');
};

describe("the member's page", () => {
  it('asks for the caller check first: a mismatch opens nothing, a match the overview', async () => {
    const calls = memberServer(() => ({ status: 201, body: change('applied', 250) }));
    renderConsole(`/members/${id}`);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: /Check who is calling/ })).toBeVisible();

    await checkCaller(user, 'N1 9GU');
    expect(await screen.findByRole('alert')).toHaveTextContent("That doesn't match our records");
    expect(screen.queryByText('Balance')).toBeNull();

    await checkCaller(user, 'EC1A 1BB');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mr Alex Morgan' })).toBeVisible();
    expect(screen.getByRole('group', { name: 'Balance' })).toHaveTextContent('1,000');
    expect(screen.getByRole('table', { name: 'Points ledger, newest first' })).toHaveTextContent('Shopping');
    const check = calls.filter((call) => call.url.endsWith('/caller-check')).at(-1);
    expect(check?.body).toEqual({ dateOfBirth: '1988-04-12', postcode: 'EC1A 1BB' });
  });

  it('adds points once for a double click, and says they were applied', async () => {
    const calls = memberServer(() => ({ status: 201, body: change('applied', 250) }));
    renderConsole(`/members/${id}`);
    const user = userEvent.setup();
    await checkCaller(user, 'EC1A 1BB');
    await screen.findByRole('heading', { level: 2, name: 'Add or take points' });
    await addPoints(user, '250');
    await user.dblClick(screen.getByRole('button', { name: 'Add points' }));

    expect(await screen.findByText('+250 points applied')).toBeVisible();
    const changes = calls.filter((call) => call.url.endsWith('/adjustments'));
    expect(changes).toHaveLength(1);
    expect(changes[0]?.body).toMatchObject({ points: 250, reason: 'goodwill', note: 'Sorry for the wait' });
    const sent = changes[0]?.body as { idempotencyKey: string } | undefined;
    expect(sent?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.getByRole('group', { name: 'Balance' })).toHaveTextContent('1,250'));
  });

  it('takes points as a negative change, says one over the limit waits; the next has a new key', async () => {
    const calls = memberServer((call) => {
      const { points } = call.body as { points: number };
      return { status: 202, body: change('pending', points) };
    });
    renderConsole(`/members/${id}`);
    const user = userEvent.setup();
    await checkCaller(user, 'EC1A 1BB');
    const form = await screen.findByRole('form', { name: 'Add or take points' });
    await user.click(within(form).getByRole('radio', { name: 'Take' }));
    await addPoints(user, '5000');
    await user.click(screen.getByRole('button', { name: 'Take points' }));
    expect(await screen.findByText('-5,000 points waiting for approval')).toBeVisible();

    await addPoints(user, '20');
    await user.click(screen.getByRole('button', { name: 'Add points' }));
    await waitFor(() => expect(calls.filter((call) => call.url.endsWith('/adjustments'))).toHaveLength(2));
    const [first, second] = calls
      .filter((call) => call.url.endsWith('/adjustments'))
      .map((call) => call.body as { points: number; idempotencyKey: string });
    expect(first?.points).toBe(-5000);
    expect(second?.points).toBe(20);
    expect(first?.idempotencyKey).not.toBe(second?.idempotencyKey);
  });
});
