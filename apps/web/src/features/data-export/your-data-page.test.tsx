import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { userEvent } from '../../test/user-event.ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataExportState } from '@app/contracts/data-export';
import { dataExportMessages as m } from '@app/contracts/data-export-constants';
import { dataExportPaths } from '@app/contracts/data-export-paths';
import { DataDownloadPage } from './download-page.tsx';
import { YourDataPage } from './your-data-page.tsx';
import { stubServer } from '../../test/stub-server.ts';

const none: DataExportState = {
  state: 'NONE',
  requestedAt: null,
  expiresAt: null,
  downloadedAt: null,
  nextRequestAt: null,
};
const requestedAt = '2031-05-04T09:30:00.000Z';
const nextRequestAt = '2031-05-05T09:30:00.000Z';

function renderAt(path: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider
        router={createMemoryRouter(
          [
            { path: '/account/your-data', element: <YourDataPage /> },
            { path: '/account/your-data/download/:token', element: <DataDownloadPage /> },
          ],
          { initialEntries: [path] },
        )}
      />
    </QueryClientProvider>,
  );
}

describe('YourDataPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for a copy, then says it is being prepared', async () => {
    let asked = false;
    const calls = stubServer({
      [`GET ${dataExportPaths.requests}`]: () => ({
        status: 200,
        body: asked ? { ...none, state: 'PREPARING', requestedAt, nextRequestAt } : none,
      }),
      [`POST ${dataExportPaths.requests}`]: () => {
        asked = true;
        return { status: 202, body: { ...none, state: 'PREPARING', requestedAt, nextRequestAt } };
      },
    });
    renderAt('/account/your-data');
    expect(screen.getByRole('heading', { level: 1, name: 'Download your data' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: m.ask }));
    expect(await screen.findByText(m.preparing)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: m.ask })).not.toBeInTheDocument();
    expect(screen.getByText('You can ask for another copy from 10:30 on 5 May 2031.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('shows the link is emailed, with when it ends', async () => {
    const expiresAt = '2031-05-05T09:31:00.000Z';
    stubServer({
      [`GET ${dataExportPaths.requests}`]: {
        status: 200,
        body: { ...none, state: 'READY', requestedAt, expiresAt, nextRequestAt },
      },
    });
    renderAt('/account/your-data');
    expect(await screen.findByText('Check your email')).toBeInTheDocument();
    expect(
      screen.getByText(
        "Your data is ready. We've emailed you a link to download it. The link works once, until 10:31 on 5 May 2031.",
      ),
    ).toBeInTheDocument();
  });

  it.each([
    ['EXPIRED', m.expired],
    ['FAILED', m.failed],
  ] as const)('offers to ask again when the last request is %s', async (state, message) => {
    stubServer({
      [`GET ${dataExportPaths.requests}`]: { status: 200, body: { ...none, state, requestedAt } },
    });
    renderAt('/account/your-data');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: m.ask })).toBeEnabled();
  });

  it("shows the server's refusal of a second request the same day", async () => {
    const tooSoon = m.tooSoon(nextRequestAt);
    stubServer({
      [`GET ${dataExportPaths.requests}`]: { status: 200, body: none },
      [`POST ${dataExportPaths.requests}`]: {
        status: 429,
        body: { code: 'DATA_EXPORT_TOO_SOON', description: tooSoon },
      },
    });
    renderAt('/account/your-data');
    await userEvent.click(await screen.findByRole('button', { name: m.ask }));
    expect(await screen.findByRole('alert')).toHaveTextContent(tooSoon);
  });
});

describe('DataDownloadPage', () => {
  afterEach(() => vi.unstubAllGlobals());
  const token = 'a'.repeat(43);

  it("refuses someone else's link with the server's words", async () => {
    stubServer({
      [`POST ${dataExportPaths.check}`]: {
        status: 403,
        body: { code: 'DATA_EXPORT_LINK_NOT_YOURS', description: m.linkNotYours },
      },
    });
    renderAt(`/account/your-data/download/${token}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(m.linkNotYours);
    expect(screen.queryByRole('button', { name: m.download })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Download your data' })).toHaveAttribute(
      'href',
      '/account/your-data',
    );
  });

  it('downloads the zip once, then says the link is used', async () => {
    const expiresAt = '2031-05-05T09:31:00.000Z';
    const calls = stubServer({
      [`POST ${dataExportPaths.check}`]: {
        status: 200,
        body: { fileName: 'nectar-data-2031-05-04.zip', expiresAt, sizeBytes: 12_800 },
      },
      [`POST ${dataExportPaths.download}`]: {
        status: 200,
        body: new Blob(['zip'], { type: 'application/zip' }),
        headers: { 'content-disposition': 'attachment; filename="nectar-data-2031-05-04.zip"' },
      },
      [`GET ${dataExportPaths.requests}`]: { status: 200, body: none },
    });
    const saved: string[] = [];
    // The page's link to the file gets a stand-in object URL, and its click is recorded instead of followed.
    const objectUrl = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:zip');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    renderAt(`/account/your-data/download/${token}`);
    expect(await screen.findByText('nectar-data-2031-05-04.zip')).toBeInTheDocument();
    expect(screen.getByText('zip, 13 KB')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: m.download }));
    expect(await screen.findByRole('status')).toHaveTextContent(m.downloadDone);
    expect(saved).toEqual(['nectar-data-2031-05-04.zip']);
    expect(calls.find((call) => call.url === dataExportPaths.download)?.body).toEqual({ token });
    click.mockRestore();
    objectUrl.mockRestore();
  });
});
