// @databases one: the rules it tests go through the API and the repositories alike on both databases; nothing it asserts depends on the kind.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_DAILY_LIMIT, FEEDBACK_MAX_LENGTH, feedbackMessages } from '@app/contracts/feedback';
import { demoCollector } from '../../start-data/demo-collector.ts';
import { cards, collectors } from '../../db/schema/core.ts';
import { feedback } from '../../db/schema/feedback.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { buildTestApp, jsWeb, type TestApp } from '../../test/build-test-app.ts';
import { createFeedbackService } from './service.ts';

let t: TestApp;
let demoId: string;
let cookies: Record<string, string>;

const send = (payload: Record<string, unknown>, withCookies = cookies) =>
  t.app.inject({
    method: 'POST',
    url: '/customer-contact-api/feedback',
    headers: jsWeb,
    cookies: withCookies,
    payload,
  });

const storedFor = async (collectorId: string) =>
  t.app.db.select().from(feedback).where(eq(feedback.collectorId, collectorId));

beforeAll(async () => {
  t = await buildTestApp();
  const [card] = await t.app.db.select().from(cards).where(eq(cards.number, demoCollector.cardNumber));
  demoId = card?.collectorId ?? '';
  cookies = { [SESSION_COOKIE]: (await t.app.sessions.create(demoId)).token };
});
afterAll(async () => t.close());

describe('POST /customer-contact-api/feedback', () => {
  it("stores the member's feedback and answers their first name for the thanks message", async () => {
    const res = await send({
      type: 'BUG',
      topic: 'problem',
      device: 'phone',
      subject: 'Offers',
      text: '  The offers page froze when I pinned an offer.  ',
      page: '/offers/sainsburys',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ firstName: 'Alex' });
    const [row] = await storedFor(demoId);
    expect(row).toMatchObject({
      type: 'BUG',
      topic: 'problem',
      device: 'phone',
      subject: 'Offers',
      text: 'The offers page froze when I pinned an offer.',
      page: '/offers/sainsburys',
    });
  });

  it('refuses empty, blank and over-long text, unknown types and a missing session, storing nothing', async () => {
    const before = (await storedFor(demoId)).length;
    const blank = await send({ type: 'FEEDBACK', topic: 'other', text: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().description).toContain(feedbackMessages.empty);
    const long = await send({ type: 'FEEDBACK', topic: 'other', text: 'x'.repeat(FEEDBACK_MAX_LENGTH + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().description).toContain(feedbackMessages.tooLong);
    expect((await send({ type: 'PRAISE', topic: 'other', text: 'hi' })).statusCode).toBe(400);
    expect((await send({ type: 'FEEDBACK', topic: 'other', text: 'hi' }, {})).statusCode).toBe(401);
    const noChannel = await t.app.inject({
      method: 'POST',
      url: '/customer-contact-api/feedback',
      headers: { 'content-type': 'application/json' },
      cookies,
      payload: { type: 'FEEDBACK', topic: 'other', text: 'hi' },
    });
    expect(noChannel.statusCode).toBe(400);
    expect(await storedFor(demoId)).toHaveLength(before);
  });

  it('takes exactly 10000 characters', async () => {
    const res = await send({ type: 'FEATURE', topic: 'suggestion', text: 'y'.repeat(FEEDBACK_MAX_LENGTH) });
    expect(res.statusCode).toBe(201);
  });

  it('holds the daily limit when a member sends many at once', async () => {
    const [member] = await t.app.db
      .insert(collectors)
      .values({ firstName: 'Robin', email: 'robin.feedback@example.com' })
      .returning({ id: collectors.id });
    const id = member?.id ?? '';
    const own = { [SESSION_COOKIE]: (await t.app.sessions.create(id)).token };
    const answers = await Promise.all(
      Array.from({ length: FEEDBACK_DAILY_LIMIT + 5 }, (_, i) =>
        send({ type: 'FEEDBACK', topic: 'positive', text: `Lovely ${i}` }, own),
      ),
    );
    const created = answers.filter((res) => res.statusCode === 201).length;
    const limited = answers.filter((res) => res.statusCode === 429);
    expect(created).toBe(FEEDBACK_DAILY_LIMIT);
    expect(limited[0]?.json()).toEqual({ code: 'FEEDBACK_LIMIT', description: feedbackMessages.sendLimit });
    expect(await storedFor(id)).toHaveLength(FEEDBACK_DAILY_LIMIT);
  });

  it('exports CSV for the operator, quoting text and neutralising formulas', async () => {
    await send({ type: 'FEEDBACK', topic: 'other', text: '=HYPERLINK("x") and "quotes",\nnew line' });
    const csv = await createFeedbackService(t.app).exportCsv(new Date(Date.now() - 3_600_000));
    const [header] = csv.split('\r\n');
    expect(header).toBe('id,createdAt,type,topic,device,partner,subject,page,firstName,email,text');
    expect(csv).toContain(`"'=HYPERLINK(""x"") and ""quotes"",\nnew line"`);
    expect(csv).toContain('"demo@example.com"');
  });
});
