import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { userEvent } from '../../test/user-event.ts';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveRegistrationState } from '../../shared/identity/registration-state.ts';
import { BusinessDetailsPage } from './business-details-page.tsx';
import { GetBusinessOffersPage } from './get-business-offers-page.tsx';
import { SuccessPage } from './success-page.tsx';

const renderAt = (path: string, element: ReactElement) => {
  const router = createMemoryRouter([{ path, element }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
};

/** Answers by path (query string included); anything else is a 404. */
const serve = (answers: Record<string, () => Response>) => {
  const fetchMock = vi.fn((path: string) =>
    Promise.resolve(answers[path]?.() ?? Response.json({ code: 'NOPE' }, { status: 404 })),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

describe('registration details: the business steps and the success page', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("business details: 'Unable to fetch business categories.' when the business lookup fails, gone after 4 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    saveRegistrationState({ authToken: 't'.repeat(43) });
    const fetchMock = serve({
      '/progressive/business-lookup': () =>
        Response.json({ code: 'SERVER_ERROR', description: 'Down' }, { status: 503 }),
    });
    renderAt('/id/start/business-details', <BusinessDetailsPage />);
    const notice = await screen.findByText('Unable to fetch business categories.');
    expect(notice).toHaveAttribute('role', 'alert');
    expect(fetchMock).toHaveBeenCalledWith('/progressive/business-lookup', expect.anything());
    await act(() => vi.advanceTimersByTimeAsync(3_900));
    expect(screen.getByText('Unable to fetch business categories.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByText('Unable to fetch business categories.')).not.toBeInTheDocument();
    // The form stays, to try again later in the journey.
    expect(screen.getByLabelText('Business name')).toBeInTheDocument();
  });

  it('business offers: the description from businessOffersPage.json, and Business Rules opens the business rules', async () => {
    const fetchMock = serve({
      '/documents-api/registration/businessOffersPage.json': () =>
        Response.json({ description: 'Offers for your business, from the document.' }),
      '/documents-api/business-rules.json': () =>
        Response.json({
          name: 'business-rules',
          title: 'Business Rules',
          html: '<h2>1. Who can have business offers</h2><p>Small businesses.</p>',
        }),
    });
    const user = userEvent.setup();
    renderAt('/id/start/get-business-offers', <GetBusinessOffersPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Do you want to receive business offers?',
    );
    expect(await screen.findByText('Offers for your business, from the document.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Yes' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'No, thanks' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Business Rules' }));
    const dialog = await screen.findByRole('dialog', { name: 'Business Rules' });
    expect(
      await within(dialog).findByRole('heading', { name: '1. Who can have business offers' }),
    ).toBeVisible();
    const asked = fetchMock.mock.calls.map(([path]) => path);
    expect(asked).toContain('/documents-api/business-rules.json');
    expect(asked.some((path) => path.includes('collector-rules'))).toBe(false);
  });

  it('success page: the brand logos come from the anonymous brands lookup', async () => {
    saveRegistrationState({ authToken: 't'.repeat(43) });
    const fetchMock = serve({
      '/progressive/sign-up-status': () =>
        Response.json({ signUpStatus: 'COMPLETE', cardNumber: '9826300012345678901' }),
      '/anonymous-nectar-brands-api/brands?keys=sainsburys,argos,esso,british-airways-avios,hotels-com': () =>
        Response.json({
          brands: [
            {
              brandDetailsKey: 'esso',
              name: 'Esso',
              imageUrls: { logoImageUrl: '/logos/from-the-lookup.svg' },
            },
          ],
        }),
    });
    renderAt('/id/start/success', <SuccessPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Nicely done!' })).toBeVisible();
    const logo = await screen.findByRole('img', { name: 'Esso' });
    expect(logo).toHaveAttribute('src', '/logos/from-the-lookup.svg');
    expect(screen.getAllByRole('img').filter((image) => image.closest('.registration__brands'))).toHaveLength(
      1,
    );
    expect(fetchMock).toHaveBeenCalledWith(
      '/anonymous-nectar-brands-api/brands?keys=sainsburys,argos,esso,british-airways-avios,hotels-com',
      expect.anything(),
    );
  });
});
