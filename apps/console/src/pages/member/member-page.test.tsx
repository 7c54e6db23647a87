import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { staffMessages, type StaffMemberView } from '@app/contracts/staff';
import { MEMBER_CARD, MEMBER_ID, memberView } from '../../test/member-view.ts';
import { renderConsole, stubServer, type MadeCall } from '../../test/render-console.tsx';

const id = MEMBER_ID;

const member = (
  balance: number,
  adjustments: StaffMemberView['adjustments'] = [],
  records: Partial<StaffMemberView> = {},
): StaffMemberView =>
  memberView({
    balance,
    cards: [{ number: MEMBER_CARD, kind: 'digital', status: 'active', issuedAt: '2024-03-01T10:00:00Z' }],
    ledger: [
      {
        id: 'e1',
        amount: 120,
        reason: 'Shopping',
        source: 'sainsburys-till',
        createdAt: '2026-11-20T09:00:00Z',
      },
    ],
    adjustments,
    ...records,
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

/** A server that opens the member at once (the caller already checked), as `records` fill them in. */
function openMember(records: Partial<StaffMemberView>, ledger?: StaffMemberView['ledger']) {
  return stubServer({
    'GET /staff-api/members/11111111-1111-4111-8111-111111111111': () => ({
      status: 200,
      body: { ...member(1000, [], records), ...(ledger ? { ledger } : {}) },
    }),
  });
}

/** The section under the level-2 heading `name`. */
const section = (name: string) => {
  const heading = screen.getByRole('heading', { level: 2, name });
  const found = heading.closest('section');
  if (!found) throw new Error(`no section for ${name}`);
  return found;
};

const filled: Partial<StaffMemberView> = {
  offers: [
    {
      id: 'piano-001',
      title: '200 points on sourdough loaves',
      partner: 'Sainsbury’s',
      source: 'PIANO',
      state: 'LOADED',
      timesUsed: 2,
      savedAt: '2026-11-01T10:00:00Z',
      validTo: '2026-12-31T23:59:00Z',
    },
  ],
  offersAssigned: 34,
  vouchers: [
    {
      id: 'v1',
      reward: '£5 off your shopping',
      partner: 'Sainsbury’s',
      points: 1000,
      code: '********7K3M',
      used: null,
      createdAt: '2026-11-02T10:00:00Z',
      expiresAt: '2099-01-31T10:00:00Z',
    },
  ],
  partnerLinks: [
    {
      partnerId: 'AVIOS',
      partner: 'British Airways Avios',
      membershipNumber: '****7766',
      linkType: 'link',
      linkedAt: '2026-10-01T10:00:00Z',
    },
  ],
  transfers: [
    {
      id: 't1',
      partner: 'British Airways Avios',
      direction: 'to-partner',
      pointsGiven: 400,
      pointsReceived: 250,
      partnerPointsName: 'Avios',
      status: 'SUCCESS',
      createdAt: '2026-10-02T10:00:00Z',
    },
  ],
  pendingPoints: {
    total: 46,
    entries: [
      {
        id: 'p1',
        partner: 'Argos',
        purchasedOn: '2026-11-20',
        reference: 'AR-123 456',
        points: 46,
        expectedOn: '2026-12-04',
      },
    ],
  },
  goal: {
    title: '£10 off your shopping',
    partner: 'Sainsbury’s',
    points: 2000,
    pointsToGo: 1000,
    reached: false,
    estimatedOn: '2027-01-15',
    setAt: '2026-11-01T10:00:00Z',
  },
  preferences: {
    email: true,
    sms: false,
    post: false,
    phone: false,
    onlineAdvertising: false,
    updatedAt: '2026-11-03T10:00:00Z',
  },
  consents: [
    { id: 'c1', kind: 'online-advertising:no', wordingVersion: '2026-11', agreedAt: '2026-11-03T10:00:00Z' },
  ],
  sessions: [
    {
      id: 's1',
      device: 'Chrome on Android',
      startedAt: '2026-11-28T09:00:00Z',
      lastSeenAt: '2026-11-29T09:00:00Z',
    },
  ],
  devices: [
    { client: 'nectar-web', firstSeenAt: '2026-10-01T09:00:00Z', lastSeenAt: '2026-11-28T09:00:00Z' },
  ],
  passkeys: [
    {
      id: 'k1',
      name: 'iCloud Keychain',
      device: 'Safari on iOS',
      synced: true,
      createdAt: '2026-09-01T09:00:00Z',
      lastUsedAt: null,
    },
  ],
  securityEvents: [
    {
      id: 'e1',
      type: 'password-changed',
      device: 'Chrome on Android',
      detail: null,
      createdAt: '2026-11-28T09:00:00Z',
    },
  ],
};

describe("the member's records", () => {
  it('says what each empty section holds: nothing yet', async () => {
    openMember({});
    renderConsole(`/members/${id}`);
    await screen.findByRole('heading', { level: 1, name: 'Mr Alex Morgan' });
    const empty = {
      'Points on their way': 'No points on their way.',
      'Points goal': 'No points goal set.',
      Offers: 'No offers loaded or used.',
      Vouchers: 'No vouchers.',
      'Linked partners': 'No partner linked.',
      'Missing-points claims': 'No missing-points claims.',
      'Sign-in and devices': 'Not signed in anywhere.',
      Passkeys: 'No passkeys.',
      'Security log': 'Nothing in the security log yet.',
      'Marketing and consents': 'No consents recorded.',
    };
    for (const [name, text] of Object.entries(empty)) {
      expect(section(name)).toHaveTextContent(text);
      expect(within(section(name)).queryByRole('table')).toBeNull();
    }
    expect(section('Linked partners')).toHaveTextContent('No points converted.');
    expect(section('Marketing and consents')).toHaveTextContent('Never chosen');
    const links = screen.getByRole('navigation', { name: 'Sections of this member' });
    expect(within(links).getByRole('link', { name: 'Vouchers 0' })).toHaveAttribute('href', '#vouchers');
  });

  it('shows offers, vouchers, partners, pending points, the goal, preferences and sign-in', async () => {
    openMember(filled);
    renderConsole(`/members/${id}`);
    await screen.findByRole('heading', { level: 1, name: 'Mr Alex Morgan' });

    const offers = within(section('Offers')).getByRole('table', { name: /Offers the member loaded/ });
    expect(offers).toHaveTextContent('200 points on sourdough loaves');
    expect(offers).toHaveTextContent('loaded');
    expect(offers).toHaveTextContent('2 times');
    expect(section('Offers')).toHaveTextContent('34 offers given to the member');
    const vouchers = within(section('Vouchers')).getByRole('table');
    expect(vouchers).toHaveTextContent('£5 off your shopping');
    expect(vouchers).toHaveTextContent('********7K3M');
    expect(vouchers).toHaveTextContent('Not said');
    const partners = section('Linked partners');
    expect(within(partners).getByRole('table', { name: 'Linked partners' })).toHaveTextContent('****7766');
    expect(within(partners).getByRole('table', { name: /Points transfers/ })).toHaveTextContent(
      '400 points to 250 Avios',
    );
    expect(section('Points on their way')).toHaveTextContent('46 points not yet in the balance.');
    expect(within(section('Points on their way')).getByRole('table')).toHaveTextContent('AR-123 456');
    const goal = section('Points goal');
    expect(goal).toHaveTextContent('£10 off your shopping');
    expect(goal).toHaveTextContent('1,000 points');
    expect(goal).toHaveTextContent('about 15 Jan 2027');
    expect(section('Marketing and consents')).toHaveTextContent('Emailyes');
    expect(section('Marketing and consents')).toHaveTextContent('Online advertisingno');
    expect(section('Marketing and consents')).toHaveTextContent('online-advertising:no');
    expect(within(section('Sign-in and devices')).getAllByRole('table')).toHaveLength(2);
    expect(section('Sign-in and devices')).toHaveTextContent('Chrome on Android');
    expect(section('Sign-in and devices')).toHaveTextContent('nectar-web');
    expect(within(section('Passkeys')).getByRole('table')).toHaveTextContent('iCloud Keychain');
    expect(within(section('Passkeys')).getByRole('table')).toHaveTextContent('Never');
    expect(within(section('Security log')).getByRole('table')).toHaveTextContent('Password changed');
  });
});

describe("the member's ledger", () => {
  const entry = (n: number, amount: number, source: string, createdAt: string) => ({
    id: `e${n}`,
    amount,
    reason: amount > 0 ? 'Shopping' : 'Spend',
    source,
    createdAt,
  });
  const ledger = [
    entry(1, 120, 'sainsburys-till', '2026-11-20T09:00:00Z'),
    entry(2, -500, 'vouchers', '2026-11-15T12:00:00Z'),
    entry(3, 80, 'argos', '2026-11-10T12:00:00Z'),
    // Just after midnight in London in summer: 1 August there, though 31 July in UTC.
    entry(4, 40, 'argos', '2026-07-31T23:30:00Z'),
  ];
  const rows = () =>
    within(screen.getByRole('table', { name: 'Points ledger, newest first' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[1]?.textContent);

  it('filters by where, added or taken and London dates, kept in the address', async () => {
    openMember({}, ledger);
    const router = renderConsole(`/members/${id}`);
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Mr Alex Morgan' });
    expect(rows()).toEqual(['+120', '-500', '+80', '+40']);

    const form = screen.getByRole('form', { name: 'Filter the ledger' });
    await user.selectOptions(within(form).getByLabelText('Where'), 'argos');
    await user.click(within(form).getByRole('button', { name: 'Filter' }));
    expect(rows()).toEqual(['+80', '+40']);
    expect(router.state.location.search).toBe('?source=argos');
    const summary = screen.getByText(/2 of 4 entries match/);
    expect(summary).toHaveTextContent('2 of 4 entries match: +120 added.');
    expect(summary).not.toHaveTextContent('taken');

    await user.type(screen.getByLabelText('From'), '2026-08-01');
    await user.type(screen.getByLabelText('To'), '2026-08-01');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(rows()).toEqual(['+40']);
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('2026-08-01');

    await user.click(screen.getByRole('link', { name: 'Clear' }));
    expect(rows()).toHaveLength(4);
    expect(router.state.location.search).toBe('');
  });

  it('opens with the filters of a shared link, and says when none match', async () => {
    openMember({}, ledger);
    renderConsole(`/members/${id}?direction=taken`);
    await screen.findByRole('heading', { level: 1, name: 'Mr Alex Morgan' });
    expect(rows()).toEqual(['-500']);
    expect(screen.getByLabelText('Added or taken')).toHaveValue('taken');

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Where'), 'argos');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(screen.getByText('No entries match these filters.')).toBeVisible();
    expect(screen.queryByRole('table', { name: 'Points ledger, newest first' })).toBeNull();
  });
});
