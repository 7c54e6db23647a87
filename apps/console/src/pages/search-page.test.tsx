import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderConsole, stubServer } from '../test/render-console.tsx';

const alex = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Alex Morgan',
  email: 'd***@example.com',
  cardNumber: '9826300012345678901',
  postcode: 'EC1A ***',
  status: 'active',
};

describe('find a member', () => {
  it('runs the search in the address and lists the members found in a table, masked', async () => {
    const calls = stubServer({
      'GET /staff-api/members': () => ({ status: 200, body: { readAs: 'card', members: [alex] } }),
    });
    renderConsole('/?q=9826%203000%201234%205678%20901');
    const table = await screen.findByRole('table', { name: 'Members found' });
    const row = within(table).getAllByRole('row')[1];
    expect(row).toBeDefined();
    expect(within(row as HTMLElement).getByRole('link', { name: 'Alex Morgan' })).toHaveAttribute(
      'href',
      `/members/${alex.id}`,
    );
    expect(row).toHaveTextContent('9826 3000 1234 5678 901');
    expect(row).toHaveTextContent('d***@example.com');
    expect(row).toHaveTextContent('EC1A ***');
    expect(
      screen.getByText(/1 member found for “9826 3000 1234 5678 901”, read as a card number/),
    ).toBeVisible();
    expect(calls.find((call) => call.url.startsWith('/staff-api/members'))?.url).toBe(
      '/staff-api/members?q=9826+3000+1234+5678+901',
    );
  });

  it('puts what is typed into the address and says when nothing matches', async () => {
    stubServer({
      'GET /staff-api/members': () => ({ status: 200, body: { readAs: 'name', members: [] } }),
    });
    const router = renderConsole('/');
    const user = userEvent.setup();
    const box = await screen.findByRole('searchbox', { name: /Card number, email, mobile/ });
    expect(box).toHaveFocus();
    await user.type(box, 'Nobody');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=Nobody'));
    expect(await screen.findByText(/No member matches/)).toBeVisible();
    expect(screen.getByText(/No members found for “Nobody”, read as a name/)).toBeVisible();
  });

  it('shows only the pages the role may open: an agent sees neither Approvals nor Audit', async () => {
    stubServer({});
    renderConsole('/');
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(within(nav).getByRole('link', { name: 'Find a member' })).toBeVisible();
    expect(within(nav).queryByRole('link', { name: 'Approvals' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Audit' })).toBeNull();
  });
});
