import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { staffPasskeyMessages } from '@app/contracts/staff';
import '../test/dialog.ts';
import { agent, renderConsole, stubServer } from '../test/render-console.tsx';

// The browser's passkey sheet: what navigator.credentials.get() and create() answer, or how they fail.
const browser = vi.hoisted(() => ({ startAuthentication: vi.fn(), startRegistration: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => browser);

/** The platform's error when the person closes the passkey sheet, or it times out. */
const closedSheet = () =>
  Object.assign(new Error('The operation either timed out or was not allowed.'), {
    name: 'NotAllowedError',
  });

const requestOptions = { challenge: 'c'.repeat(43), rpId: 'localhost', userVerification: 'required' };
const assertion = {
  id: 'a'.repeat(43),
  rawId: 'a'.repeat(43),
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
};

beforeEach(() => {
  browser.startAuthentication.mockReset();
  browser.startRegistration.mockReset();
  // jsdom has no WebAuthn: the console offers passkeys only where the browser has them.
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
});

describe('signing in with a passkey', () => {
  it('asks for a challenge, sends the passkey’s answer, then opens the page asked for', async () => {
    browser.startAuthentication.mockResolvedValue(assertion);
    const calls = stubServer({
      'POST /staff-api/session/passkey/options': () => ({ status: 200, body: requestOptions }),
      'POST /staff-api/session/passkey': () => ({ status: 200, body: agent }),
    });
    const router = renderConsole('/sign-in?next=%2Fsecurity');
    await userEvent.setup().click(screen.getByRole('button', { name: staffPasskeyMessages.signInButton }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/security'));
    expect(browser.startAuthentication).toHaveBeenCalledWith({ optionsJSON: requestOptions });
    const signIn = calls.find((call) => call.url === '/staff-api/session/passkey');
    expect(signIn?.body).toEqual({ response: assertion });
    expect(signIn?.headers).toMatchObject({ channel: 'JS-WEB' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your passkeys' })).toBeVisible();
  });

  it('says so when the passkey sheet is closed, and what the server said when it refuses', async () => {
    const user = userEvent.setup();
    stubServer({
      'POST /staff-api/session/passkey/options': () => ({ status: 200, body: requestOptions }),
      'POST /staff-api/session/passkey': () => ({
        status: 401,
        body: { code: 'PASSKEY_NOT_RECOGNISED', description: staffPasskeyMessages.notRecognised },
      }),
    });
    renderConsole('/sign-in');
    const button = screen.getByRole('button', { name: staffPasskeyMessages.signInButton });

    browser.startAuthentication.mockRejectedValueOnce(closedSheet());
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(staffPasskeyMessages.cancelled);

    browser.startAuthentication.mockResolvedValueOnce(assertion);
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(staffPasskeyMessages.notRecognised);
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to the staff console' })).toBeVisible();
  });

  it('is left out where the browser cannot use passkeys', () => {
    vi.stubGlobal('PublicKeyCredential', undefined);
    stubServer({});
    renderConsole('/sign-in');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(screen.queryByRole('button', { name: staffPasskeyMessages.signInButton })).toBeNull();
  });
});

describe('your passkeys', () => {
  const laptop = {
    id: '00000000-0000-4000-8000-00000000000a',
    name: 'Work laptop',
    createdAt: '2026-11-20T09:30:00.000Z',
    lastUsedAt: null,
  };

  it('is linked from the header, lists the passkeys, adds one with its name and removes one', async () => {
    const user = userEvent.setup();
    let held = [laptop];
    const key = { ...laptop, id: '00000000-0000-4000-8000-00000000000b', name: 'Blue key' };
    browser.startRegistration.mockResolvedValue({ id: 'k', rawId: 'k', type: 'public-key' });
    const calls = stubServer({
      'GET /staff-api/passkeys': () => ({ status: 200, body: { passkeys: held } }),
      'POST /staff-api/passkeys/registration-options': () => ({
        status: 200,
        body: {
          rp: { id: 'localhost', name: 'Nectar staff console' },
          user: { id: 'dXNlcg', name: 'agent@example.com', displayName: 'Avery Agent' },
          challenge: 'c'.repeat(43),
          pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
        },
      }),
      'POST /staff-api/passkeys': () => {
        held = [...held, key];
        return { status: 201, body: key };
      },
      [`DELETE /staff-api/passkeys/${laptop.id}`]: () => {
        held = held.filter((passkey) => passkey.id !== laptop.id);
        return { status: 204 };
      },
    });
    renderConsole('/');
    await user.click(await screen.findByRole('link', { name: 'Your passkeys' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Your passkeys' });
    const table = await screen.findByRole('table', { name: 'Your passkeys' });
    expect(within(table).getByRole('row', { name: /Work laptop .* Not used yet/ })).toBeVisible();

    // A name is needed first; then the browser makes the passkey and the server keeps it.
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(/Enter a name for this passkey/);
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await user.type(screen.getByLabelText('Name'), 'Blue key');
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByRole('status')).toHaveTextContent(staffPasskeyMessages.added);
    expect(calls.find((call) => call.url === '/staff-api/passkeys' && call.method === 'POST')?.body).toEqual({
      name: 'Blue key',
      response: { id: 'k', rawId: 'k', type: 'public-key' },
    });
    expect(await within(table).findByText('Blue key')).toBeVisible();
    expect(screen.getByLabelText('Name')).toHaveValue('');

    // Removed after a confirmation; the focus goes back to the page's heading.
    await user.click(screen.getByRole('button', { name: 'Remove passkey Work laptop' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this passkey?' });
    expect(dialog).toHaveTextContent("Work laptop won't sign you in any more.");
    await user.click(within(dialog).getByRole('button', { name: 'Remove passkey' }));
    expect(await screen.findByRole('status')).toHaveTextContent(staffPasskeyMessages.removed);
    await waitFor(() => expect(heading).toHaveFocus());
    await waitFor(() => expect(within(table).queryByText('Work laptop')).toBeNull());
  });

  it('says why a passkey was not added: the sheet closed, or too long after signing in', async () => {
    const user = userEvent.setup();
    let registration = 0;
    stubServer({
      'GET /staff-api/passkeys': () => ({ status: 200, body: { passkeys: [] } }),
      'POST /staff-api/passkeys/registration-options': () =>
        (registration += 1) === 1
          ? {
              status: 200,
              body: {
                rp: { name: 'Nectar staff console' },
                user: { id: 'dXNlcg', name: 'agent@example.com', displayName: 'Avery Agent' },
                challenge: 'c'.repeat(43),
                pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
              },
            }
          : {
              status: 403,
              body: { code: 'REAUTH_REQUIRED', description: staffPasskeyMessages.signInAgain },
            },
    });
    browser.startRegistration.mockRejectedValueOnce(closedSheet());
    renderConsole('/security');
    expect(await screen.findByText("You haven't added a passkey yet.")).toBeVisible();
    await user.type(screen.getByLabelText('Name'), 'Phone');
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(staffPasskeyMessages.addCancelled);
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(staffPasskeyMessages.signInAgain);
  });
});
