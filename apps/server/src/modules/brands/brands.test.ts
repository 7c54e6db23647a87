// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND_CATEGORIES, type Brand, type BrandsResponse } from '@app/contracts/brands';
import { eq } from 'drizzle-orm';
import { demoCollector } from '../../start-data/demo-collector.ts';
import { brandClicks } from '../../db/schema/brands.ts';
import { cards } from '../../db/schema/core.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

let t: TestApp;
let cookies: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  const [card] = await t.app.db.select().from(cards).where(eq(cards.number, demoCollector.cardNumber));
  cookies = { [SESSION_COOKIE]: (await t.app.sessions.create(card?.collectorId ?? '')).token };
});
afterAll(async () => t.close());

const get = async <T>(url: string, withSession = false) => {
  const response = await t.app.inject({ url, ...(withSession ? { cookies } : {}) });
  return { status: response.statusCode, body: response.json<T>(), headers: response.headers };
};

describe('brands (docs/product/calls-and-errors.md §S7.1)', () => {
  it('lists at least 40 seeded brands over every category, without a session', async () => {
    const { status, body } = await get<BrandsResponse>('/nectar-brands-api/brands');
    expect(status).toBe(200);
    expect(body.brands.length).toBeGreaterThanOrEqual(40);
    expect(body.categories.map((c) => c.key)).toEqual(BRAND_CATEGORIES.map((c) => c.key));
    for (const category of body.categories) expect(category.brandCount).toBeGreaterThan(0);
    const avios = body.brands.find((b) => b.brandDetailsKey === 'british-airways-avios');
    expect(avios).toMatchObject({ name: 'British Airways Avios', linkedPartnerId: 'AVIOS', isVldx: false });
    expect(avios?.imageUrls.logoImageUrl).toBe(
      '/anonymous-nectar-brands-api/logos/british-airways-avios.svg',
    );
  });

  it('filters by category, eShop flag and a case- and accent-insensitive search', async () => {
    const travel = await get<BrandsResponse>('/nectar-brands-api/brands?category=travel');
    expect(travel.body.brands.every((b) => b.categoryKeys.includes('travel'))).toBe(true);
    const eshops = await get<BrandsResponse>('/nectar-brands-api/brands?eshop=true');
    expect(eshops.body.brands.length).toBeGreaterThan(20);
    expect(eshops.body.brands.every((b) => b.isVldx)).toBe(true);
    const search = await get<BrandsResponse>('/nectar-brands-api/brands?search=CAFFE');
    expect(search.body.brands.map((b) => b.name)).toEqual(['Caffè Nero']);
  });

  it('the anonymous brands lookup answers a list of brands with brandDetailsKey, name and imageUrls.logoImageUrl', async () => {
    const picked = await get<{ brands: unknown[] }>(
      '/anonymous-nectar-brands-api/brands?keys=esso,sainsburys,nope',
    );
    expect(picked.status).toBe(200);
    // In the order asked, the unknown key left out, and nothing but the three fields a signed-out page shows.
    expect(picked.body.brands).toEqual([
      {
        brandDetailsKey: 'esso',
        name: 'Esso',
        imageUrls: { logoImageUrl: '/anonymous-nectar-brands-api/logos/esso.svg' },
      },
      {
        brandDetailsKey: 'sainsburys',
        name: "Sainsbury's",
        imageUrls: { logoImageUrl: '/anonymous-nectar-brands-api/logos/sainsburys.svg' },
      },
    ]);
    const every = await get<{ brands: { brandDetailsKey: string }[] }>('/anonymous-nectar-brands-api/brands');
    expect(every.body.brands.length).toBeGreaterThanOrEqual(40);
    expect((await get('/anonymous-nectar-brands-api/brands?keys=Bad%20Key')).status).toBe(400);
  });

  it('answers one brand: the session call needs a session, the anonymous one does not', async () => {
    expect((await get('/nectar-brands-api/brands/argos')).status).toBe(401);
    const signedIn = await get<Brand>('/nectar-brands-api/brands/argos', true);
    expect(signedIn.body.name).toBe('Argos');
    const anonymous = await get<Brand>('/anonymous-nectar-brands-api/brands/argos');
    expect(anonymous.body).toEqual(signedIn.body);
    const missing = await get<{ code: string; description: string }>(
      '/anonymous-nectar-brands-api/brands/nope',
    );
    expect(missing).toMatchObject({ status: 404, body: { code: 'BRAND_NOT_FOUND' } });
    expect((await get('/anonymous-nectar-brands-api/brands/Bad%20Key')).status).toBe(400);
  });

  it('answers the panels, the categories (both sources), the bonus and the exit with its click', async () => {
    const collect = await get<{ brands: Brand[] }>('/nectar-brands-api/brands/panel?type=collect');
    expect(collect.body.brands.every((b) => b.collect)).toBe(true);
    const redeem = await get<{ brands: Brand[] }>('/nectar-brands-api/brands/panel?type=redeem');
    expect(redeem.body.brands.every((b) => b.redeem)).toBe(true);
    // Ways to spend say how points are spent there.
    expect(redeem.body.brands.find((b) => b.brandDetailsKey === 'esso')?.spendRate).toBe(
      '200 points = £1 off fuel',
    );
    expect(redeem.body.brands.every((b) => Boolean(b.spendRate))).toBe(true);
    expect(collect.body.brands.filter((b) => !b.redeem).every((b) => b.spendRate === null)).toBe(true);
    expect((await get('/nectar-brands-api/brands/panel?type=other')).status).toBe(400);

    const plain = await get('/nectar-brands-api/categories');
    const cms = await get('/cms-api/brands/categories');
    expect(cms.body).toEqual(plain.body);

    const bonus = await get<{ bonus: { title: string } | null }>(
      '/anonymous-nectar-brands-api/bonus/expedia',
    );
    expect(bonus.body.bonus?.title).toBe('Double points on hotels');
    expect((await get('/nectar-brands-api/bonus/expedia')).status).toBe(401);
    expect((await get('/nectar-brands-api/bonus/expedia', true)).body).toEqual(bonus.body);

    const post = await get<{ url: string; clickReference: string }>(
      '/nectar-brands-api/post/expedia?direction=collect',
      true,
    );
    expect(post.status).toBe(200);
    expect(post.body.url).toContain(`ref=${post.body.clickReference}`);
    const [click] = await t.app.db
      .select()
      .from(brandClicks)
      .where(eq(brandClicks.id, post.body.clickReference));
    expect(click).toMatchObject({ brandKey: 'expedia', direction: 'collect' });
    expect(click?.collectorId).not.toBeNull();
    expect((await get('/nectar-brands-api/post/expedia?direction=redeem')).status).toBe(400);
  });

  it('draws each logo on our own server as SVG', async () => {
    const response = await t.app.inject('/anonymous-nectar-brands-api/logos/hotels-com.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.body).toContain('aria-label="Hotels.com logo"');
    expect((await t.app.inject('/anonymous-nectar-brands-api/logos/nope.svg')).statusCode).toBe(404);
  });

  it("draws a brand's Simple Icons mark where the set has it, and otherwise its whole name, never initials", async () => {
    const logo = async (key: string) =>
      (await t.app.inject(`/anonymous-nectar-brands-api/logos/${key}.svg`)).body;
    // eBay is in Simple Icons: its mark is a path in eBay's colour, with no lettering of ours.
    const ebay = await logo('ebay');
    expect(ebay).toMatch(/<path [^>]*fill="#E53238"/);
    expect(ebay).not.toContain('<text');
    // Esso, Sainsbury's and Holiday Extras are not: a wordmark in their colour spells each name out.
    const esso = await logo('esso');
    expect(esso).toMatch(/<text [^>]*fill="#e2001a"[^>]*>Esso<\/text>/);
    expect(await logo('sainsburys')).toContain('>Sainsbury&apos;s</text>');
    const words = [...(await logo('holiday-extras')).matchAll(/>([^<]+)<\/text>/g)].map((m) => m[1]);
    expect(words.join(' ')).toBe('Holiday Extras');
    // The initials tiles of before ("EXP", "BAA", "EBA") are gone for every brand.
    for (const key of ['expedia', 'british-airways-avios', 'ebay', 'holiday-extras', 'tu-clothing']) {
      expect(await logo(key)).not.toMatch(/>(EXP|BAA|EBA|HE|TC)<\/text>/);
    }
  });
});
