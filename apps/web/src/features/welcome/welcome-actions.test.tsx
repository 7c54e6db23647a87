import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSessionMarker, markSessionStarted } from '../../shared/session/session-marker.ts';
import { WelcomeActions } from './welcome-actions.tsx';

const show = () =>
  render(
    <RouterProvider
      router={createMemoryRouter([{ path: '/', element: <WelcomeActions /> }], { initialEntries: ['/'] })}
    />,
  );

afterEach(() => clearSessionMarker());

describe('WelcomeActions', () => {
  it('offers a signed-in member their homepage, not Log in / Register', () => {
    markSessionStarted();
    show();
    expect(screen.getByRole('link', { name: 'Go to your homepage' })).toHaveAttribute('href', '/homepage');
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Register' })).toBeNull();
  });

  it('offers a visitor Log in and Register', () => {
    show();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/id/start/login');
  });
});
