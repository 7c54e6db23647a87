import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { LEAVE_PAGE_PROMPT, useFrozenPage } from './use-frozen-page.ts';

const confirm = vi.fn<(message: string) => boolean>();

function Frozen() {
  useFrozenPage(true, confirm);
  return <Link to="/elsewhere">Leave</Link>;
}

const setUp = () => {
  const router = createMemoryRouter(
    [
      { path: '/form', element: <Frozen /> },
      { path: '/elsewhere', element: <h1>Elsewhere</h1> },
    ],
    { initialEntries: ['/form'] },
  );
  render(<RouterProvider router={router} />);
  return router;
};

describe('frozen page', () => {
  it('asks before leaving and stays when the answer is no', async () => {
    confirm.mockReset().mockReturnValue(false);
    const router = setUp();
    await act(async () => screen.getByRole('link', { name: 'Leave' }).click());
    expect(confirm).toHaveBeenCalledWith(LEAVE_PAGE_PROMPT);
    expect(router.state.location.pathname).toBe('/form');
  });

  it('leaves when the answer is yes', async () => {
    confirm.mockReset().mockReturnValue(true);
    const router = setUp();
    await act(async () => screen.getByRole('link', { name: 'Leave' }).click());
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  });
});
