import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ConnectPage } from './app-hub-pages.tsx';

const PATH = '/nectar-connect/index.htm';
const renderAt = (search: string) =>
  render(
    <RouterProvider
      router={createMemoryRouter([{ path: PATH, element: <ConnectPage /> }], {
        initialEntries: [`${PATH}${search}`],
      })}
    />,
  );

// docs/product/signed-in-pages.md §S2.2
describe('the connect route (optional from, code, scope, state)', () => {
  it('without a code is the old app hub’s page', () => {
    renderAt('');
    expect(screen.getByRole('heading', { level: 1, name: 'Nectar Connect' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('link', { name: 'Your offers' })).toHaveAttribute('href', '/homepage');
  });

  it('with a code says the connection is made and what it shares, and sends code and state back to an allowed from', () => {
    renderAt(
      `?${new URLSearchParams({ from: '/account/security?tab=apps', code: 'c0de', scope: 'openid offline offline_access email', state: 's1' })}`,
    );
    expect(screen.getByRole('status')).toHaveTextContent("You're connected.Your Nectar account is linked.");
    const shared = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(shared).toEqual(
      expect.arrayContaining([
        'Know it’s you when you log in',
        'Stay connected when you’re not using it',
        'See your email address',
      ]),
    );
    expect(shared.filter((words) => words === 'Stay connected when you’re not using it')).toHaveLength(1);
    const back = new URL(
      screen.getByRole('link', { name: 'Carry on where you were' }).getAttribute('href') ?? '',
    );
    expect(back.pathname).toBe('/account/security');
    expect(Object.fromEntries(back.searchParams)).toEqual({ tab: 'apps', code: 'c0de', state: 's1' });
    // The code itself is never printed on the page.
    expect(document.body.textContent).not.toContain('c0de');
  });

  it('never sends the code to a from that is not ours or allow-listed', () => {
    renderAt(`?${new URLSearchParams({ from: 'https://evil.example/steal', code: 'c0de', state: 's1' })}`);
    expect(screen.queryByRole('link', { name: 'Carry on where you were' })).toBeNull();
    expect(screen.getByText('Go back to the app you came from to carry on.')).toBeInTheDocument();
  });
});
