import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('outbox', () => {
  it('keeps messages and lists them newest first with their links', async () => {
    await t.app.notify.send({
      channel: 'email',
      to: 'a@example.com',
      subject: 'Verify your email',
      text: 'Open http://localhost:3000/verify?token=abc to continue.',
      html: '<a href="http://localhost:3000/verify?token=abc">Verify</a>',
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await t.app.notify.send({
      channel: 'sms',
      to: '+447700900123',
      subject: 'Your code',
      text: 'Your code is 123456',
    });

    const res = await t.app.inject('/dev/outbox');
    expect(res.statusCode).toBe(200);
    const entries = res.json<Array<Record<string, unknown>>>();
    expect(entries.map((e) => e.channel)).toEqual(['sms', 'email']);
    expect(entries[1]).toMatchObject({
      to: 'a@example.com',
      subject: 'Verify your email',
      links: ['http://localhost:3000/verify?token=abc'],
      html: expect.stringContaining('<a href="http://localhost:3000/verify?token=abc">Verify</a>'),
    });
    // In the brand's look (ADR 028): its name on a band of its colour, and the careline.
    expect(entries[1]?.html).toContain('background:#7f0442');
    expect(entries[1]?.html).toContain('>Nectar</td>');
    expect(entries[1]?.html).toContain('Need help? Call 0300 061 7000');
    expect(entries[0]).toMatchObject({
      to: '+447700900123',
      text: 'Your code is 123456',
      html: null,
      links: [],
    });
  });

  it('shows the outbox as a page to a browser', async () => {
    const res = await t.app.inject({ url: '/dev/outbox', headers: { accept: 'text/html' } });
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<h1>Outbox</h1>');
    expect(res.body).toContain('Verify your email');
  });

  it('does not exist in production', async () => {
    const prod = await buildTestApp({ NODE_ENV: 'production', BOT_CHECK: 'altcha' });
    try {
      const res = await prod.app.inject('/dev/outbox');
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
