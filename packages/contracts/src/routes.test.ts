import { describe, expect, it } from 'vitest';
import {
  REDIRECTS,
  ROUTES,
  isSafeNextPath,
  matchPattern,
  resolvePath,
  signInPathFor,
  type IsSwitchOn,
} from './routes.ts';
import { CARD_NUMBER_PATHS } from './sign-in-paths.ts';
import { SWITCH_NAMES, switchesWith } from './switches.ts';

const allOn: IsSwitchOn = () => true;
const allOff: IsSwitchOn = () => false;
const only = (...names: Parameters<IsSwitchOn>[0][]): IsSwitchOn => {
  const set = switchesWith(names);
  return (name) => set[name];
};
/** A concrete path for a pattern: params get sample values. */
const sample = (pattern: string) => pattern.replace(/:(\w+)/g, 'sample-$1').replace(/\*$/, 'anything/here');

describe('route table', () => {
  it('has no pattern twice, across routes and redirects', () => {
    const patterns = [...ROUTES.map((route) => route.path), ...REDIRECTS.map((redirect) => redirect.from)];
    expect(patterns.length).toBe(new Set(patterns.map((x) => x.toLowerCase())).size);
  });

  it('closes with two catch-alls and gives every other page a name and title', () => {
    expect(ROUTES.filter((route) => route.catchAll).map((route) => route.path)).toEqual(['/id/start/*', '*']);
    for (const route of ROUTES) {
      expect(route.page).toMatch(/^[a-z][a-z0-9-]*$/);
      expect(route.title.length).toBeGreaterThan(0);
    }
  });

  it.each(ROUTES.filter((route) => !route.catchAll).map((route) => [route.path, route] as const))(
    '%s resolves to its own page with every switch on',
    (path, route) => {
      const resolution = resolvePath(sample(path), '', allOn);
      expect(resolution).toMatchObject({ kind: 'page', route: { page: route.page, path: route.path } });
    },
  );

  it('resolves {product} and the retailer from the brand', () => {
    const paths = ROUTES.map((route) => route.path);
    for (const path of [
      '/your-nectar-quests',
      '/New_nectar',
      '/how-to-get-nectar-prices',
      '/nectar-travel',
      '/activity/nectar-savings',
      '/card/activity/nectar-savings',
      '/offer-details/your-nectar-prices/:offerId',
      '/nectar-business',
      '/offers/sainsburys',
      '/feedbackSainsburys',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('keeps every session-required route behind a session and the public ones open', () => {
    const access = (path: string) => ROUTES.find((route) => route.path === path)?.access;
    expect(access('/account/details/mobile-number')).toBe('session');
    expect(access('/feedbackMissingPoints')).toBe('session');
    expect(access('/brands/hotels-com/conversion/twofa')).toBe('session');
    expect(access('/brands/:brandDetailsKey')).toBe('public');
    expect(access('/about/privacy-and-legal/cookie-policy')).toBe('public');
  });

  it('takes a switch-gated route out of the table when its switch is off', () => {
    for (const path of ['/nectar-business', '/nectar-business/partners']) {
      expect(resolvePath(path, '', only('business')).kind).toBe('page');
      expect(resolvePath(path, '', allOff)).toMatchObject({
        kind: 'not-found',
        route: { page: 'not-found' },
      });
    }
    expect(resolvePath('/activity/receipt/r1', '', only('digitalReceipts')).kind).toBe('page');
    expect(resolvePath('/activity/receipt/r1', '', allOff).kind).toBe('not-found');
    expect(resolvePath('/delete-account', '', only('deleteAccount')).kind).toBe('page');
    expect(resolvePath('/delete-account', '', allOff).kind).toBe('not-found');
  });

  it('has the campaign page (/marketing-event) only while the campaign page switch is on (ADR 038)', () => {
    for (const path of [
      '/marketing-event/spring-bonus',
      '/marketing-event/spring-bonus/terms-and-conditions',
    ]) {
      expect(resolvePath(path, '', only('campaignPage')).kind).toBe('page');
      expect(resolvePath(path, '', allOff).kind).toBe('not-found');
    }
  });

  it('shows the new or the old feedback page by the new-feedback switch', () => {
    const on = resolvePath('/feedback', '', only('newFeedback'));
    const off = resolvePath('/feedback', '', allOff);
    expect(on.kind === 'page' && on.route.page).toBe('feedback');
    expect(off.kind === 'page' && off.route.whenSwitchOff?.page).toBe('feedback-old');
  });

  it('answers unknown paths with a catch-all', () => {
    expect(resolvePath('/no/such/page', '', allOn)).toMatchObject({ kind: 'not-found' });
    expect(resolvePath('/id/start/no-such-step', '', allOn)).toMatchObject({
      kind: 'not-found',
      route: { path: '/id/start/*' },
    });
  });

  it('matches like React Router: case-insensitive, trailing slash ignored, params decoded', () => {
    expect(matchPattern('/account/additional-details', '/account/additional-details/')).toBeDefined();
    expect(matchPattern('/New_nectar', '/new_NECTAR')).toBeDefined();
    expect(matchPattern('/voucher/:voucherId', '/voucher/a%20b')?.params).toEqual({ voucherId: 'a b' });
    expect(matchPattern('/voucher/:voucherId', '/voucher')).toBeUndefined();
  });
});

describe('redirects of old and alias paths', () => {
  it.each([
    ['/offers-saved', '', '/offers/sainsburys?filter=bonus'],
    ['/offers/food', '', '/offers/sainsburys?filter=bonus'],
    ['/offers/your-nectar-prices', '', '/offers/sainsburys?filter=your-nectar-prices'],
    ['/communicationpreferences', '', '/account/comms'],
    ['/faqs', '', '/help'],
    ['/contact', '', '/help'],
    ['/register', '', '/id/start/nectar-card-check'],
    ['/join', '?utm_source=mail', '/id/start/nectar-card-check?utm_source=mail'],
    ['/activate', '', '/id/start/nectar-card-check'],
    ['/login', '?next=%2Faccount', '/id/start/login?next=%2Faccount'],
    ['/enter-card-number', '', '/id/start/enter-card-number'],
    ['/forgotten-password', '', '/id/start/forgotten-password'],
    ['/reset-password', '?token=abc', '/id/start/reset-password?token=abc'],
    ['/start/enter-email', '', '/id/start/choose-an-account'],
    ['/start/existing-nectar-check', '?next=%2Fhelp', '/id/start/nectar-card-check?next=%2Fhelp'],
    ['/my-nectar/manage-account', '', '/account'],
    ['/my-nectar/manage-account/personal-details', '', '/account/details'],
    ['/my-nectar/manage-account/contact-preferences', '', '/account/comms'],
    ['/my-nectar/manage-account/change-password', '', '/account/password'],
    ['/my-nectar/manage-account/replace-card', '', '/account/replace-card/reason'],
    ['/my-nectar/manage-account/transactions', '', '/card/activity'],
    ['/my-nectar/manage-account/dashboard', '', '/homepage'],
    ['/my-nectar/manage-account/app', '', '/open-app'],
    ['/my-nectar/manage-account/notifier', '', '/about/privacy-and-legal/notifier-terms-of-service'],
    ['/my-nectar/manage-account/something-old', '', '/account'],
    ['/my-nectar', '', '/homepage'],
    ['/offers', '', '/homepage'],
    ['/wallet', '', '/offers/sainsburys?filter=bonus'],
    ['/terms-and-conditions', '', '/about/privacy-and-legal/collector-rules'],
    ['/brands/ba', '', '/brands/british-airways-avios'],
    ['/brands/rail', '', '/brands/trainline/conversion'],
    ['/surprise-rewards', '', '/card/activity'],
    ['/signin', '?next=%2Fvouchers', '/id/start/login?next=%2Fvouchers'],
    ['/register/step-two', '', '/id/start/choose-an-account'],
    ['/brands/checkout/basket', '?x=1', '/brands'],
    ['/app-hub', '', '/nectar-connect/index.htm'],
    ['/now', '', '/id/start/nectar-card-check'],
    ['/id/start', '?registrationDone=true', '/id/start/nectar-card-check?registrationDone=true'],
  ])('%s%s goes to %s', (path, search, location) => {
    expect(resolvePath(path, search, allOn)).toEqual({ kind: 'redirect', location });
  });

  it('lets a target keep its own query over the visitor’s', () => {
    expect(resolvePath('/offers-saved', '?filter=other&x=1', allOn)).toEqual({
      kind: 'redirect',
      location: '/offers/sainsburys?filter=bonus&x=1',
    });
  });

  it('ends every redirect on a page of the table, whatever the switches', () => {
    for (const isOn of [allOn, allOff, ...SWITCH_NAMES.map((name) => only(name))]) {
      for (const redirect of REDIRECTS) {
        const resolution = resolvePath(sample(redirect.from), '', isOn);
        expect(resolution.kind).toBe('redirect');
        if (resolution.kind !== 'redirect') continue;
        const [path = '', query = ''] = resolution.location.split('?');
        const end = resolvePath(path, query ? `?${query}` : '', isOn);
        expect(end.kind === 'redirect' ? 'chain' : end.kind, redirect.from).not.toBe('chain');
      }
    }
  });
});

describe('sign-in with next', () => {
  it('sends the root to /my-offers and other paths to themselves', () => {
    expect(signInPathFor('/')).toBe('/id/start/login?next=%2Fmy-offers');
    expect(signInPathFor('/account/comms?tab=1')).toBe('/id/start/login?next=%2Faccount%2Fcomms%3Ftab%3D1');
  });
  it('follows only paths of this site', () => {
    expect(isSafeNextPath('/account')).toBe(true);
    expect(isSafeNextPath('//evil.example')).toBe(false);
    expect(isSafeNextPath('https://evil.example')).toBe(false);
    expect(isSafeNextPath(null)).toBe(false);
  });
});

describe('the card-number pages', () => {
  it('are the paths start-up may send to the provider before the app loads (CARD_NUMBER_PATHS)', () => {
    const pages = ['id-login', 'id-enter-card-number', 'id-app-enter-card-number'];
    expect(
      ROUTES.filter((route) => pages.includes(route.page))
        .map((route) => route.path)
        .sort(),
    ).toEqual([...[...CARD_NUMBER_PATHS].sort()]);
  });
});
