import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { staffMessages } from '@app/contracts/staff';
import { agent, renderConsole, stubServer } from '../test/render-console.tsx';

const fillIn = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(screen.getByLabelText('Email'), 'agent@example.com');
  await user.type(screen.getByLabelText('Password'), 'Console-demo-2026');
  await user.type(screen.getByLabelText('Authenticator code'), '123456');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
};

describe('the sign-in page', () => {
  it("shows the server's description when sign-in fails, as an alert", async () => {
    stubServer({
      'POST /staff-api/session': () => ({
        status: 401,
        body: { code: 'STAFF_SIGN_IN_FAILED', description: staffMessages.signInFailed },
      }),
    });
    renderConsole('/sign-in');
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to the staff console' })).toBeVisible();
    await fillIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(staffMessages.signInFailed);
  });

  it('sends the three fields as JSON with the channel header, then opens the page asked for', async () => {
    const calls = stubServer({ 'POST /staff-api/session': () => ({ status: 200, body: agent }) });
    const router = renderConsole('/sign-in?next=%2F%3Fq%3Dmorgan');
    await fillIn(userEvent.setup());
    await waitFor(() => expect(router.state.location.search).toBe('?q=morgan'));
    const signIn = calls.find((call) => call.method === 'POST');
    expect(signIn?.body).toEqual({
      email: 'agent@example.com',
      password: 'Console-demo-2026',
      code: '123456',
    });
    expect(signIn?.headers).toMatchObject({ channel: 'JS-WEB', 'content-type': 'application/json' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Find a member' })).toBeVisible();
  });

  it('sends a visitor without a session from any page to sign-in', async () => {
    stubServer({
      'GET /staff-api/session': () => ({
        status: 401,
        body: { code: 'STAFF_SIGN_IN_REQUIRED', description: staffMessages.signInRequired },
      }),
    });
    const router = renderConsole('/audit');
    expect(await screen.findByRole('heading', { name: 'Sign in to the staff console' })).toBeVisible();
    expect(router.state.location.search).toBe('?next=%2Faudit');
  });
});
