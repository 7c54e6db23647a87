import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { staffMessages } from '@app/contracts/staff';
import { agent, renderConsole, stubServer } from '../test/render-console.tsx';

/** An admin's session: the role that may invite staff. */
const admin = {
  ...agent,
  id: '00000000-0000-4000-8000-000000000003',
  email: 'admin@example.com',
  name: 'Ada Admin',
  role: 'admin',
  actions: [...agent.actions, 'inviteStaff'],
};

const link = 'http://localhost:3000/console/invite/abc123';

/** Fills the form for a supervisor and sends it. */
async function invite(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: 'Email' }), ' Sam@Example.com ');
  await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Sam Supervisor');
  await user.click(screen.getByRole('radio', { name: /^Supervisor/ }));
  await user.click(screen.getByRole('button', { name: 'Send invitation' }));
}

describe('inviting a member of staff', () => {
  it('sends the checked form and shows the link with a Copy button', async () => {
    const user = userEvent.setup();
    const calls = stubServer(
      { 'POST /staff-api/invites': () => ({ status: 201, body: { link, staffId: 'staff-2' } }) },
      admin,
    );
    renderConsole('/staff/invite');
    expect(await screen.findByRole('link', { name: 'Invite staff' })).toBeVisible();

    await user.click(await screen.findByRole('button', { name: 'Send invitation' }));
    expect(screen.getByText('Choose a role.')).toBeVisible();
    expect(calls.some((call) => call.url === '/staff-api/invites')).toBe(false);

    await invite(user);
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Invitation sent to sam@example.com. The link lasts 72 hours.');
    expect(within(notice).getByLabelText('Invitation link')).toHaveTextContent(link);
    const sent = calls.find((call) => call.url === '/staff-api/invites');
    expect(sent?.body).toEqual({ email: 'sam@example.com', name: 'Sam Supervisor', role: 'supervisor' });
    expect(sent?.headers).toMatchObject({ channel: 'JS-WEB' });

    await user.click(within(notice).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(link);
    expect(within(notice).getByText('Link copied.')).toBeVisible();
  });

  it('says so when someone already has that email', async () => {
    const user = userEvent.setup();
    stubServer(
      {
        'POST /staff-api/invites': () => ({
          status: 409,
          body: { code: 'STAFF_EXISTS', description: staffMessages.staffExists },
        }),
      },
      admin,
    );
    renderConsole('/staff/invite');
    await invite(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(staffMessages.staffExists);
    expect(screen.queryByLabelText('Invitation link')).toBeNull();
  });

  it('is refused to a role that may not invite, and left out of its menu', async () => {
    stubServer({});
    renderConsole('/staff/invite');
    expect(await screen.findByText(staffMessages.roleRefused)).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Invite staff' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send invitation' })).toBeNull();
  });
});
