// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountEvents } from '../../db/schema/account.ts';
import { cards } from '../../db/schema/core.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { buildTestApp, jsWeb, newAccountMember, type TestApp } from '../../test/build-test-app.ts';

const P = '/customer-management-api';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ DEV_TOOLS: 'on' });
});
afterAll(async () => t.close());

let members = 0;
/** A fresh member of its own (the tester tool), signed in, calling from an address of its own. */
async function makeMember() {
  const response = await newAccountMember(t);
  const body = response.json<{ cardNumber: string; email: string }>();
  const [card] = await t.app.db.select().from(cards).where(eq(cards.number, body.cardNumber));
  members += 1;
  return {
    ...body,
    id: card?.collectorId ?? '',
    cookies: { [SESSION_COOKIE]: response.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? '' },
    remoteAddress: `198.51.100.${members}`,
  };
}
type Member = Awaited<ReturnType<typeof makeMember>>;

const maskedAddressOf = (member: Member | undefined) =>
  t.app.inject({ url: `${P}/customer/address/masked`, cookies: member?.cookies ?? {} });
const putAddress = (member: Member, address: { lines: string[]; postcode: string }) =>
  t.app.inject({
    method: 'PUT',
    url: `${P}/customer-address`,
    headers: jsWeb,
    cookies: member.cookies,
    remoteAddress: member.remoteAddress,
    payload: { address },
  });
const addressEvents = async (collectorId: string) =>
  (await t.app.db.select().from(accountEvents).where(eq(accountEvents.collectorId, collectorId))).filter(
    (event) => event.type === 'address-changed',
  ).length;
const addressMails = async (to: string) =>
  (await t.app.notify.listOutbox()).filter((m) => m.to === to && m.subject?.includes('address has changed'));

const PICCADILLY = { lines: ['2 Piccadilly', 'Manchester'], postcode: 'M1 1AE' };

describe('account address (docs/product/calls-and-errors.md §S7.4: GET masked address; PUT customer-address or silent double-up update)', () => {
  it('GET masked address answers null before an address is held, the masked address after, and 401 without a session', async () => {
    const member = await makeMember();
    expect((await maskedAddressOf(undefined)).statusCode).toBe(401);
    expect((await maskedAddressOf(member)).json()).toEqual({ maskedAddress: null });
    expect((await putAddress(member, PICCADILLY)).statusCode).toBe(200);
    const masked = await maskedAddressOf(member);
    expect(masked.statusCode).toBe(200);
    expect(masked.json()).toEqual({
      maskedAddress: { lines: ['2 P*********', 'M*********'], postcode: 'M1 ***' },
    });
    expect(masked.body).not.toContain('Piccadilly');
  });

  it('a new address is logged and told to the member; the same address again is the silent double-up update', async () => {
    const member = await makeMember();
    const first = await putAddress(member, PICCADILLY);
    expect(first.statusCode).toBe(200);
    expect(await addressEvents(member.id)).toBe(1);
    const [mail] = await addressMails(member.email);
    expect(mail?.text).toContain('was changed to 2 P*********, M*********, M1 ***');

    // The same address, again and with its postcode in other spacing and case: answered as the first, nothing logged or sent.
    for (const again of [PICCADILLY, { ...PICCADILLY, postcode: 'm1  1ae' }]) {
      const double = await putAddress(member, again);
      expect(double.statusCode).toBe(200);
      expect(double.json()).toEqual(first.json());
    }
    expect(await addressEvents(member.id)).toBe(1);
    expect(await addressMails(member.email)).toHaveLength(1);

    // Another address is a change again.
    const next = await putAddress(member, { lines: ['4 Piccadilly', 'Manchester'], postcode: 'M1 1AE' });
    expect(next.json<{ address: unknown }>().address).toEqual({
      lines: ['4 Piccadilly', 'Manchester'],
      postcode: 'M1 1AE',
    });
    expect(await addressEvents(member.id)).toBe(2);
    expect(await addressMails(member.email)).toHaveLength(2);
  });
});
