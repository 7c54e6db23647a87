import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_ANSWERS_ELEMENT_ID } from '@app/contracts/page-answers';
import { forgetPageAnswers } from '../http/page-answers.ts';
import { balanceQueryKey, balanceQueryOptions } from '../session/get-balance.ts';
import { loadFromPage } from './load-from-page.ts';
import { queryClient } from './query-client.ts';

const loader = loadFromPage((client) => [client.ensureQueryData(balanceQueryOptions())]);

describe('loadFromPage (ADR 020)', () => {
  beforeEach(() => {
    forgetPageAnswers();
    queryClient.clear();
    // A page that has just loaded: the answers it came with are young (the worker may be older than they may be).
    vi.spyOn(performance, 'now').mockReturnValue(100);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("fills the page's queries from the answers in the page before the first render", async () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = PAGE_ANSWERS_ELEMENT_ID;
    block.textContent = JSON.stringify({ '/balance-api/balance': { balance: 2450, pointsValue: '£12.25' } });
    document.body.append(block);
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    await expect(loader()).resolves.toBeNull();
    expect(queryClient.getQueryData(balanceQueryKey)).toEqual({ balance: 2450, pointsValue: '£12.25' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('waits for nothing when the page came without answers: the page shows its loading states', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    await expect(loader()).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(balanceQueryKey)).toBeUndefined();
  });
});
