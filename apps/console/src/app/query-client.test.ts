import { describe, expect, it, vi } from 'vitest';
import { sendToSignIn } from './query-client.ts';

const routerAt = (pathname: string, search = '') => ({
  basename: '/console',
  state: { location: { pathname, search } },
  navigate: vi.fn(async () => undefined),
});

describe('a 401 sends the page to sign-in', () => {
  it('with the page it was on, as a path of the console (without /console)', () => {
    const router = routerAt('/console/members/42', '?tab=ledger');
    sendToSignIn(router)();
    expect(router.navigate).toHaveBeenCalledWith('/sign-in?next=%2Fmembers%2F42%3Ftab%3Dledger');
    const atRoot = routerAt('/console');
    sendToSignIn(atRoot)();
    expect(atRoot.navigate).toHaveBeenCalledWith('/sign-in?next=%2F');
  });

  it('not again from the sign-in page itself (signing out while a call is answered 401)', () => {
    const router = routerAt('/console/sign-in', '?next=%2Fsecurity');
    sendToSignIn(router)();
    expect(router.navigate).not.toHaveBeenCalled();
  });
});
