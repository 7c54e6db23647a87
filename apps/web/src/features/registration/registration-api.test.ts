import { afterEach, describe, expect, it, vi } from 'vitest';
import { READY_MAX_ATTEMPTS } from '@app/contracts/registration';
import { waitUntilReady } from './registration-api.ts';
import { requestUrl } from '../../test/request-url.ts';

const answer = (ready: boolean) =>
  new Response(JSON.stringify({ ready }), { status: 200, headers: { 'content-type': 'application/json' } });

describe('the readiness check', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks until the account is ready', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(answer(false))
      .mockResolvedValueOnce(answer(false))
      .mockResolvedValueOnce(answer(true));
    await expect(waitUntilReady('a'.repeat(32), 0)).resolves.toBe(true);
    expect(fetchSpy).toHaveBeenCalledTimes(3);
    expect(requestUrl(fetchSpy.mock.calls[0]?.[0])).toContain('/progressive/ready');
  });

  it(`gives up after ${READY_MAX_ATTEMPTS} tries, counting failed calls as not ready`, async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockImplementation(() => Promise.resolve(answer(false)));
    await expect(waitUntilReady('a'.repeat(32), 0)).resolves.toBe(false);
    expect(fetchSpy).toHaveBeenCalledTimes(READY_MAX_ATTEMPTS);
  });
});
