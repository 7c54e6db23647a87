import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '../../test/user-event.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { passkeyMessages, type Passkey } from '@app/contracts/passkeys';
import { Passkeys } from './passkeys.tsx';

const laptop: Passkey = {
  id: '0b0e3a4c-8f53-4d2c-9a3e-6f1d1c2b3a4d',
  name: 'My laptop',
  device: 'Chrome on Mac',
  synced: true,
  createdAt: '2026-03-02T10:00:00.000Z',
  lastUsedAt: null,
};

/** The security page's passkeys over a stubbed API: the list, and what each call was asked. */
function renderPasskeys(list: Passkey[]) {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  let current = list;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(init.body as string) : undefined });
      if (method === 'GET') return Response.json({ passkeys: current });
      if (method === 'PATCH') {
        current = current.map((p) => ({
          ...p,
          name: (JSON.parse(init?.body as string) as { name: string }).name,
        }));
        return Response.json({ description: passkeyMessages.renamed });
      }
      current = [];
      return Response.json({ description: passkeyMessages.removed });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Passkeys />
    </QueryClientProvider>,
  );
  return { calls, user: userEvent.setup() };
}

describe('Passkeys on the security page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists each passkey with its device and last use, and says what reset and closing do', async () => {
    renderPasskeys([laptop]);
    const item = await screen.findByRole('listitem');
    expect(item).toHaveTextContent('My laptop');
    expect(item).toHaveTextContent('Added 2 Mar 2026 on Chrome on Mac. Synced to your other devices');
    expect(item).toHaveTextContent('Not used yet');
    expect(
      screen.getByText(
        "Resetting your password doesn't remove your passkeys. Closing your account removes them all.",
      ),
    ).toBeInTheDocument();
  });

  it("says so where the browser can't make passkeys, instead of offering to add one", async () => {
    renderPasskeys([]);
    expect(await screen.findByText("You haven't added a passkey yet.")).toBeInTheDocument();
    // jsdom has no WebAuthn, as an old browser.
    expect(screen.getByText(passkeyMessages.addUnsupported)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
  });

  it('renames in place, refusing an empty name', async () => {
    const { calls, user } = renderPasskeys([laptop]);
    await user.click(await screen.findByRole('button', { name: 'Rename passkey My laptop' }));
    const field = screen.getByLabelText('Passkey name');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(passkeyMessages.nameEmpty);
    await user.type(field, 'Work phone');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByRole('status')).toHaveTextContent(passkeyMessages.renamed);
    expect(await screen.findByText('Work phone')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')).toMatchObject({
      url: `/customer-management-api/passkeys/${laptop.id}`,
      body: { name: 'Work phone' },
    });
  });

  it('removes after a confirmation, and the focus goes to the section', async () => {
    const { calls, user } = renderPasskeys([laptop]);
    await user.click(await screen.findByRole('button', { name: 'Remove passkey My laptop' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this passkey?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove passkey' }));
    expect(await screen.findByRole('status')).toHaveTextContent(passkeyMessages.removed);
    expect(await screen.findByText("You haven't added a passkey yet.")).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Passkeys' })).toHaveFocus();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });
});
