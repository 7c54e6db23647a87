import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STAFF_ACTIONS, mayDo, staffMessages, type StaffRole } from '@app/contracts/staff';
import '../../test/dialog.ts';
import {
  agent,
  renderConsole,
  stubServer,
  type MadeCall,
  type StubAnswer,
} from '../../test/render-console.tsx';
import { MEMBER_CARD, MEMBER_ID, memberView } from '../../test/member-view.ts';

const id = MEMBER_ID;
const path = `/staff-api/members/${id}`;
const CARD = MEMBER_CARD;
const member = memberView;

/** A session of `role` whose actions are the contract's for it, as the server lists them. */
const session = (role: StaffRole) => ({
  ...agent,
  role,
  actions: Object.keys(STAFF_ACTIONS).filter((action) => mayDo(role, action as keyof typeof STAFF_ACTIONS)),
});

/** A server with the member (as `read` says, read again after each action) and the careline's `routes`. */
function memberServer(
  role: StaffRole,
  routes: Record<string, (call: MadeCall) => StubAnswer>,
  read: () => Record<string, unknown> = () => ({}),
) {
  const calls = stubServer(
    {
      [`GET ${path}`]: () => ({ status: 200, body: member(read()) }),
      ...Object.fromEntries(
        Object.entries(routes).map(([route, handler]) => [`POST ${path}${route}`, handler]),
      ),
    },
    session(role),
  );
  return { calls, reads: () => calls.filter((call) => call.method === 'GET' && call.url === path).length };
}

const actions = async () => screen.findByRole('region', { name: 'Put things right' });

describe("the member page's careline actions", () => {
  it('shows an agent only what an agent may do, and only what the member calls for', async () => {
    memberServer('agent', {}, () => ({ signInLockedUntil: '2026-11-29T12:00:00Z', failedSignIns: 5 }));
    renderConsole(`/members/${id}`);
    const panel = await actions();
    expect(within(panel).getByRole('button', { name: `Block card 9826 3000 1234 5678 901` })).toBeVisible();
    expect(within(panel).getByRole('button', { name: `Replace card 9826 3000 1234 5678 901` })).toBeVisible();
    for (const name of ['Clear the sign-in lockout', 'Sign out everywhere', 'Resend a link'])
      expect(within(panel).getByRole('button', { name })).toBeVisible();
    // A supervisor's: unblocking, the spending lock, the email, closing.
    for (const name of [/Unblock/, /spending lock/, 'Change the email', 'Close the account'])
      expect(within(panel).queryByRole('button', { name })).toBeNull();
  });

  it("shows a supervisor a blocked card's Unblock, the spending lock when on, no lockout", async () => {
    memberServer('supervisor', {}, () => ({
      spendingLocked: true,
      cards: [{ number: CARD, kind: 'plastic', status: 'blocked', issuedAt: '2024-03-01T10:00:00Z' }],
    }));
    renderConsole(`/members/${id}`);
    const panel = await actions();
    expect(within(panel).getByRole('button', { name: /^Unblock card/ })).toBeVisible();
    expect(within(panel).queryByRole('button', { name: /^Block card/ })).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Turn the spending lock off' })).toBeVisible();
    expect(within(panel).queryByRole('button', { name: 'Clear the sign-in lockout' })).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Close the account' })).toBeVisible();
  });

  it("blocks a card with a reason: the server's words show, the member is read again", async () => {
    let blocked = false;
    const server = memberServer(
      'agent',
      {
        [`/cards/${CARD}/block`]: () => {
          blocked = true;
          return { status: 200, body: { message: 'Card ending 8901 is blocked. The member has been told.' } };
        },
      },
      () =>
        blocked
          ? { cards: [{ number: CARD, kind: 'plastic', status: 'blocked', issuedAt: '2024-03-01' }] }
          : {},
    );
    renderConsole(`/members/${id}`);
    const user = userEvent.setup();
    const block = within(await actions()).getByRole('button', { name: /^Block card/ });
    await user.click(block);

    const dialog = screen.getByRole('dialog', { name: 'Block card 9826 3000 1234 5678 901' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(reason).toHaveFocus();
    // Without a reason nothing is sent, and the field says why.
    await user.click(within(dialog).getByRole('button', { name: 'Block the card' }));
    expect(reason).toHaveAccessibleDescription(/Give the reason in 3 to 200 characters/);
    expect(reason).toHaveFocus();
    expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.type(reason, 'Card reported lost on the call');
    await user.click(within(dialog).getByRole('button', { name: 'Block the card' }));
    const notice = await screen.findByText('Card ending 8901 is blocked. The member has been told.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(notice.closest('[tabindex="-1"]')).toHaveFocus();
    const sent = server.calls.find((call) => call.method === 'POST');
    expect(sent?.url).toBe(`${path}/cards/${CARD}/block`);
    expect(sent?.body).toEqual({ reason: 'Card reported lost on the call' });
    expect(sent?.headers).toMatchObject({ channel: 'JS-WEB' });
    await waitFor(() => expect(server.reads()).toBe(2));
    // An agent may not unblock: the blocked card has no Block and no Unblock, and can still be replaced.
    const panel = await actions();
    await waitFor(() => expect(within(panel).queryByRole('button', { name: /^Block card/ })).toBeNull());
    expect(within(panel).queryByRole('button', { name: /^Unblock card/ })).toBeNull();
    expect(within(panel).getByRole('button', { name: /^Replace card/ })).toBeVisible();
  });

  it("keeps a refusal in the dialog in the server's words; after a 409 reads the member again", async () => {
    let answer: StubAnswer = {
      status: 403,
      body: { code: 'ROLE_REFUSED', description: staffMessages.roleRefused },
    };
    const server = memberServer('agent', { [`/cards/${CARD}/block`]: () => answer });
    renderConsole(`/members/${id}`);
    const user = userEvent.setup();
    await user.click(within(await actions()).getByRole('button', { name: /^Block card/ }));
    const dialog = screen.getByRole('dialog', { name: /^Block card/ });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Card reported lost');
    await user.click(within(dialog).getByRole('button', { name: 'Block the card' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("Your role doesn't allow this.");
    expect(server.reads()).toBe(1);

    // Someone else blocked it meanwhile: the refusal says so, and the page reads the member as they are now.
    const blockedAlready = 'Only a card in use can be blocked.';
    answer = { status: 409, body: { code: 'CARD_NOT_ACTIVE', description: blockedAlready } };
    await user.click(within(dialog).getByRole('button', { name: 'Block the card' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(blockedAlready));
    await waitFor(() => expect(server.reads()).toBe(2));
  });

  it('sends the link chosen; Escape or Cancel closes the dialog, the focus back on its button', async () => {
    const server = memberServer('agent', {
      '/links': () => ({ status: 200, body: { message: 'A password reset link went to d***@example.com.' } }),
    });
    renderConsole(`/members/${id}`);
    const user = userEvent.setup();
    const resend = within(await actions()).getByRole('button', { name: 'Resend a link' });
    await user.click(resend);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(resend).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(resend).toHaveFocus();

    await user.click(resend);
    const dialog = screen.getByRole('dialog', { name: 'Resend a link' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Member asked on the call');
    await user.click(within(dialog).getByRole('button', { name: 'Send the link' }));
    expect(within(dialog).getByRole('group', { name: 'Which link' })).toHaveAccessibleDescription(
      'Choose the link to send.',
    );
    await user.click(within(dialog).getByRole('radio', { name: 'Reset the password' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('A password reset link went to d***@example.com.')).toBeVisible();
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({
      link: 'password-reset',
      reason: 'Member asked on the call',
    });
  });

  it('replaces a card with the reason for it and what to send', async () => {
    const server = memberServer('agent', {
      [`/cards/${CARD}/replace`]: () => ({
        status: 200,
        body: { message: 'A new card ending 4321 replaces it.' },
      }),
    });
    renderConsole(`/members/${id}`);
    const user = userEvent.setup();
    await user.click(within(await actions()).getByRole('button', { name: /^Replace card/ }));
    const dialog = screen.getByRole('dialog', { name: 'Replace card 9826 3000 1234 5678 901' });
    await user.click(within(dialog).getByRole('radio', { name: 'Stolen' }));
    await user.click(within(dialog).getByRole('radio', { name: 'A key tag' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Wallet stolen');
    await user.click(within(dialog).getByRole('button', { name: 'Replace the card' }));
    expect(await screen.findByText('A new card ending 4321 replaces it.')).toBeVisible();
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({
      replacementType: 'STOLEN',
      cardType: 'KEYTAG',
      reason: 'Wallet stolen',
    });
  });

  it("changes a supervisor's member's email, checked as an email first", async () => {
    const server = memberServer('supervisor', {
      '/email': () => ({ status: 200, body: { message: 'A link went to n***@example.com.' } }),
    });
    renderConsole(`/members/${id}`);
    const user = userEvent.setup();
    await user.click(within(await actions()).getByRole('button', { name: 'Change the email' }));
    const dialog = screen.getByRole('dialog', { name: 'Change the email' });
    const email = within(dialog).getByRole('textbox', { name: 'New email address' });
    expect(email).toHaveFocus();
    await user.type(email, 'not an email');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Old address closed');
    await user.click(within(dialog).getByRole('button', { name: 'Change the email' }));
    expect(email).toHaveAccessibleDescription('Enter the new email address, like name@example.com.');
    await user.clear(email);
    await user.type(email, ' New@Example.com ');
    await user.click(within(dialog).getByRole('button', { name: 'Change the email' }));
    expect(await screen.findByText('A link went to n***@example.com.')).toBeVisible();
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'new@example.com',
      reason: 'Old address closed',
    });
  });

  it('closes an account only after a step that says it cannot be undone', async () => {
    const server = memberServer('supervisor', {
      '/close': () => ({ status: 200, body: { message: 'The account is closed.' } }),
    });
    renderConsole(`/members/${id}`);
    const user = userEvent.setup();
    await user.click(within(await actions()).getByRole('button', { name: 'Close the account' }));
    const dialog = screen.getByRole('dialog', { name: 'Close the account' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'The member asked us to');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const warning = within(dialog).getByText("Close Mr Alex Morgan's account? This cannot be undone.");
    expect(warning.closest('[tabindex="-1"]')).toHaveFocus();
    expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    // Back to the reason as it was typed, then on.
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveValue('The member asked us to');
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes, close the account' }));
    expect(await screen.findByText('The account is closed.')).toBeVisible();
    expect(
      server.calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body]),
    ).toEqual([[`${path}/close`, { reason: 'The member asked us to' }]]);
  });
});
