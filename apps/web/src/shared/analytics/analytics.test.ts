import { afterEach, describe, expect, it } from 'vitest';
import { pageViewFor, setAnalyticsSinks, trackPageView, type PageView } from './analytics.ts';

afterEach(() => {
  window.dataLayer = [];
});

describe('page views', () => {
  it('are not tracked for /register paths', () => {
    expect(pageViewFor('/register', '')).toBeUndefined();
    expect(pageViewFor('/register/help', '')).toBeUndefined();
  });
  it('drop the search part on confirm and query-code pages', () => {
    expect(pageViewFor('/confirm-sign-up', '?token=abc')).toEqual({
      pageName: '/confirm-sign-up',
      path: '/confirm-sign-up',
    });
    expect(pageViewFor('/confirm-email-address', '?x=1')?.path).toBe('/confirm-email-address');
    expect(pageViewFor('/oauth_redirect', '?code=123&state=s')?.path).toBe('/oauth_redirect');
    expect(pageViewFor('/brands', '?category=food')?.path).toBe('/brands?category=food');
  });
  it('use the page names of 2.5', () => {
    expect(pageViewFor('/history', '')?.pageName).toBe('Wallet - Transactions');
    expect(pageViewFor('/my-offers', '')?.pageName).toBe('New Offers');
    expect(pageViewFor('/offers-saved', '')?.pageName).toBe('Loaded Offers');
  });
  it('go to the data layer and to every sink', () => {
    const seen: PageView[] = [];
    setAnalyticsSinks([(view) => seen.push(view)]);
    trackPageView('/my-offers', '');
    trackPageView('/register', '');
    expect(seen).toEqual([{ pageName: 'New Offers', path: '/my-offers' }]);
    expect(window.dataLayer).toEqual([{ event: 'pageView', pageName: 'New Offers', path: '/my-offers' }]);
  });
});
