import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_PRESENT_COOKIE } from '@app/contracts/session-paths';
import { clearSessionMarker, hasSessionMarker, markSessionStarted } from './session-marker.ts';

// docs/product/signed-in-pages.md §S4
describe('signed in, as far as the app can tell', () => {
  afterEach(() => clearSessionMarker());

  it('counts the local marker', () => {
    expect(hasSessionMarker()).toBe(false);
    markSessionStarted();
    expect(hasSessionMarker()).toBe(true);
  });

  it('counts the server’s session-present cookie, and clearing the marker ends both', () => {
    document.cookie = `${SESSION_PRESENT_COOKIE}=1; Path=/`;
    expect(hasSessionMarker()).toBe(true);
    clearSessionMarker();
    expect(document.cookie).not.toContain(SESSION_PRESENT_COOKIE);
    expect(hasSessionMarker()).toBe(false);
  });
});
