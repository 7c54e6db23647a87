// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../db/schema/documents.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('/documents-api', () => {
  it('names the spend page from the spend document, which the operator may change (GET /c/api/spend-document/name)', async () => {
    const first = await t.app.inject('/c/api/spend-document/name');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ name: 'Ways to spend' });
    await t.app.db
      .update(documents)
      .set({ json: { name: 'Spend your points' } })
      .where(eq(documents.name, 'spend-document'));
    expect((await t.app.inject('/c/api/spend-document/name')).json()).toEqual({ name: 'Spend your points' });
  });

  it('serves the FAQ lists as items with title and questions', async () => {
    for (const name of ['faqs', 'reg-help']) {
      const res = await t.app.inject(`/documents-api/${name}.json`);
      expect(res.statusCode).toBe(200);
      const items = res.json<{ title: string; questions: { question: string; answer: string }[] }[]>();
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) {
        expect(item.title).toBeTruthy();
        expect(item.questions.every((entry) => entry.question && entry.answer)).toBe(true);
      }
    }
  });

  it('serves the registration privacy summary as HTML and the business offers page with a description', async () => {
    const summary = await t.app.inject('/documents-api/registration/privacy-policy-short.html');
    expect(summary.statusCode).toBe(200);
    expect(summary.headers['content-type']).toContain('text/html');
    expect(summary.body).toContain('<p>');
    const business = await t.app.inject('/documents-api/registration/businessOffersPage.json');
    expect(business.json<{ description: string }>().description).toMatch(/business/i);
  });

  it("serves the business rules, which the business steps' 'Business Rules' link opens, apart from the collector rules", async () => {
    const rules = await t.app.inject('/documents-api/business-rules.json');
    expect(rules.statusCode).toBe(200);
    const body = rules.json<{ name: string; title: string; html: string }>();
    expect(body).toMatchObject({ name: 'business-rules', title: 'Business Rules' });
    expect(body.html).toContain('business offers');
    const collector = await t.app.inject('/documents-api/collector-rules.json');
    expect(collector.json<{ html: string }>().html).not.toBe(body.html);
  });

  it('serves each legal document as JSON with its title and HTML', async () => {
    for (const [name, title] of [
      ['collector-rules', 'Collector rules'],
      ['privacy-policy', 'Privacy policy'],
      ['cookie-policy', 'Cookie policy'],
      ['terms-of-use', 'Terms of use'],
      ['accessibility', 'Accessibility statement'],
      ['participating-companies', 'Participating companies'],
      ['staying-safe-online', 'Staying safe online'],
      ['hotels-policy', 'Hotels.com policy'],
      ['eshops-terms-and-conditions', 'eShops terms and conditions'],
      ['third-party-cookies', 'Third-party cookies'],
      ['rewards-conditions', 'Rewards conditions'],
      ['notifier-terms-of-service', 'Notifier terms of service'],
    ]) {
      const res = await t.app.inject(`/documents-api/${name}.json`);
      expect(res.statusCode, name).toBe(200);
      expect(res.json()).toMatchObject({ name, title, html: expect.stringContaining('<') as string });
    }
  });

  it('answers 404 for unknown names, bad names and HTML of a data-only document', async () => {
    for (const url of [
      '/documents-api/nothing.json',
      '/documents-api/bad_name!.json',
      '/documents-api/faqs.html',
      '/documents-api/faqs.xml',
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: expect.any(String) as string });
    }
  });

  it('serves what the operator changed in the table', async () => {
    await t.app.db.update(documents).set({ title: 'Our rules' }).where(eq(documents.name, 'collector-rules'));
    expect((await t.app.inject('/documents-api/collector-rules.json')).json()).toMatchObject({
      title: 'Our rules',
    });
  });
});
