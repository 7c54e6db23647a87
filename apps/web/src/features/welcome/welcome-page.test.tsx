import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PopupProvider } from '../../shared/popups/popup-manager.tsx';
import { WelcomePage } from './welcome-page.tsx';

describe('WelcomePage', () => {
  it("shows the scheme's pitch and the ways in", () => {
    const router = createMemoryRouter([{ path: '/welcome', element: <WelcomePage /> }], {
      initialEntries: ['/welcome'],
    });
    render(
      <PopupProvider>
        <RouterProvider router={router} />
      </PopupProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Collect Nectar points');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/id/start/login');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/id/start/sign-up');
  });
});
