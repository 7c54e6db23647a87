import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/database.ts';
import { collectors } from '../../db/schema/core.ts';
import { feedback } from '../../db/schema/feedback.ts';

/** Locks the member's row so two sends at once are counted one after the other (the daily limit holds). */
export async function lockCollector(tx: DbExecutor, collectorId: string) {
  const [row] = await tx
    .select({ id: collectors.id, firstName: collectors.firstName })
    .from(collectors)
    .where(eq(collectors.id, collectorId))
    .for('update');
  return row;
}

export async function countSince(tx: DbExecutor, collectorId: string, since: Date) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(feedback)
    .where(and(eq(feedback.collectorId, collectorId), gte(feedback.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertFeedback(tx: DbExecutor, values: typeof feedback.$inferInsert) {
  const [row] = await tx.insert(feedback).values(values).returning();
  if (!row) throw new Error('feedback insert returned nothing');
  return row;
}

/** Feedback from a time on, oldest first, with the member's card-holder name and email for a reply. */
export async function listSince(db: Database, since: Date) {
  return db
    .select({
      id: feedback.id,
      createdAt: feedback.createdAt,
      type: feedback.type,
      topic: feedback.topic,
      device: feedback.device,
      partner: feedback.partner,
      subject: feedback.subject,
      page: feedback.page,
      text: feedback.text,
      firstName: collectors.firstName,
      email: collectors.email,
    })
    .from(feedback)
    .leftJoin(collectors, eq(collectors.id, feedback.collectorId))
    .where(gte(feedback.createdAt, since))
    .orderBy(asc(feedback.createdAt), asc(feedback.id));
}
