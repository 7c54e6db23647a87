// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetMessages } from '@app/contracts/password-reset';
import { demoCollector } from '../../start-data/demo-collector.ts';
import { collectors, credentials } from '../../db/schema/core.ts';
import { buildTestApp, jsWeb, type TestApp } from '../../test/build-test-app.ts';

const NEW_PASSWORD = 'Fresh-start-2027';

describe('password reset by email link', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const requestReset = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/customer-management-api/credentials/password/reset',
      headers: jsWeb,
      payload: { email },
    });
  const confirm = (token: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/customer-management-api/credentials/password',
      headers: jsWeb,
      payload: { token, password },
    });
  const checkLink = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/customer-management-api/credentials/password/check-link',
      headers: jsWeb,
      payload: { token },
    });
  const outbox = async () =>
    (await t.app.inject({ method: 'GET', url: '/dev/outbox' })).json<
      { to: string; links: string[]; text: string; html: string | null }[]
    >();

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = (await outbox()).length;
    const unknown = await requestReset('nobody@example.com');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ description: passwordResetMessages.requestSent });
    expect((await outbox()).length).toBe(before);
  });

  it('sends a link that sets a new password once, lifts a lockout, and ends sessions', async () => {
    await t.app.db
      .update(credentials)
      .set({ lockedUntil: new Date(Date.now() + 3_600_000), failedAttempts: 0 });
    const known = await requestReset(demoCollector.email.toUpperCase());
    expect(known.json()).toEqual({ description: passwordResetMessages.requestSent });
    const [mail] = await outbox();
    expect(mail?.to).toBe(demoCollector.email);
    // HTML like the other emails, with its text part.
    expect(mail?.text).toContain('Use this link to choose a new password. It works once, for 1 hour:');
    expect(mail?.html).toMatch(/^<!doctype html>/);
    expect(mail?.html).toContain('<a href="http');
    expect(mail?.html).toContain('>Choose a new password</a>');
    expect(mail?.links).toHaveLength(1);
    const link = new URL(mail?.links.find((href) => href.includes('/confirm-reset-password')) ?? '');
    const token = link.searchParams.get('token') ?? '';

    // Checked when the page opens: it works, and checking does not spend it.
    expect((await checkLink(token)).json()).toEqual({ status: 'VALID' });
    expect((await checkLink(token)).json()).toEqual({ status: 'VALID' });

    const weak = await confirm(token, 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().description).toMatch(/^Your password must: be at least 9 characters long/);
    const common = await confirm(token, 'Password1!');
    expect(common.json().code).toBe('PASSWORD_INVALID');

    const done = await confirm(token, NEW_PASSWORD);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ description: passwordResetMessages.changed });
    const [row] = await t.app.db
      .select({ lockedUntil: credentials.lockedUntil })
      .from(credentials)
      .innerJoin(collectors, eq(collectors.id, credentials.collectorId))
      .where(eq(collectors.email, demoCollector.email));
    expect(row?.lockedUntil).toBeNull();

    const used = await checkLink(token);
    expect(used.statusCode).toBe(400);
    expect(used.json()).toEqual({
      code: 'RESET_LINK_INVALID',
      description: 'This link has expired or has already been used. Ask for a new one.',
    });
    const again = await confirm(token, 'Another-one-2028');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      code: 'RESET_LINK_INVALID',
      description: passwordResetMessages.linkInvalid,
    });
  });

  it('refuses a made-up token, and a check of a made-up or broken one says the link does not work', async () => {
    const response = await confirm('x'.repeat(43), NEW_PASSWORD);
    expect(response.json().code).toBe('RESET_LINK_INVALID');
    for (const token of ['x'.repeat(43), 'cut-short']) {
      const check = await checkLink(token);
      expect(check.statusCode).toBe(400);
      expect(check.json().description).toBe(passwordResetMessages.linkInvalid);
    }
  });
});

describe('password reset by card number with a code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/customer-management-api${url}`, headers: jsWeb, payload });

  it('offers masked destinations, sends a code, and a right code gives a reset token that works once', async () => {
    const options = await post('/2fa/get-delivery-options', { collectorId: demoCollector.cardNumber });
    expect(options.statusCode).toBe(200);
    const { id, deliveryOptions } = options.json();
    expect(deliveryOptions).toEqual([
      { deliveryMethod: 'email', destination: 'd***@example.com' },
      { deliveryMethod: 'sms', destination: '**********123' },
    ]);
    const sent = await post(`/2fa/send/${id}`, { deliveryMethod: 'sms' });
    expect(sent.statusCode).toBe(200);
    const outbox = (await t.app.inject({ method: 'GET', url: '/dev/outbox' })).json<
      { channel: string; text: string }[]
    >();
    expect(outbox[0]?.channel).toBe('sms');
    const code = /\b(\d{6})\b/.exec(outbox[0]?.text ?? '')?.[1] ?? '';

    const wrong = await post('/credentials/password/verify-2fa', {
      collectorId: demoCollector.cardNumber,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.json().code).toBe('CODE_INCORRECT');
    const right = await post('/credentials/password/verify-2fa', {
      collectorId: demoCollector.cardNumber,
      code,
    });
    expect(right.statusCode).toBe(200);
    const reused = await post('/credentials/password/verify-2fa', {
      collectorId: demoCollector.cardNumber,
      code,
    });
    expect(reused.json().code).toBe('CODE_EXPIRED');

    const changed = await post('/credentials/password', {
      token: right.json().token,
      password: NEW_PASSWORD,
    });
    expect(changed.json()).toEqual({ description: passwordResetMessages.changed });
  });

  it('answers an unknown card without options, and resetWithId the same either way', async () => {
    const options = await post('/2fa/get-delivery-options', { collectorId: '9826300099999999999' });
    expect(options.json().deliveryOptions).toEqual([]);
    const unknown = await post('/credentials/password/resetWithId', { collectorId: '9826300099999999999' });
    const known = await post('/credentials/password/resetWithId', { collectorId: demoCollector.cardNumber });
    expect(unknown.json()).toEqual(known.json());
    expect(known.json()).toEqual({ description: passwordResetMessages.requestSentForCard });
  });

  it('reads the card number with spaces or dashes as the form does', async () => {
    const spaced = await post('/2fa/get-delivery-options', { collectorId: '9826 3000 1234 5678 901' });
    expect(spaced.statusCode).toBe(200);
    expect(spaced.json().deliveryOptions).toHaveLength(2);
    const dashed = await post('/2fa/get-delivery-options', { collectorId: '1234-5678-901' });
    expect(dashed.json().deliveryOptions).toHaveLength(2);
    const bad = await post('/2fa/get-delivery-options', { collectorId: '1234 5678 90' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().description).toContain('Enter a valid card number');
  });
});
