import { and, desc, eq } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/database.ts';
import { transactionDetails, vouchers } from '../../db/schema/card-activity.ts';

export type VoucherRow = typeof vouchers.$inferSelect;

export async function findByRequestKey(db: DbExecutor, collectorId: string, requestKey: string) {
  const [row] = await db
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.collectorId, collectorId), eq(vouchers.requestKey, requestKey)));
  return row;
}

export async function findVoucher(db: Database, collectorId: string, id: string) {
  const [row] = await db
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.collectorId, collectorId), eq(vouchers.id, id)));
  return row;
}

export async function findByTransaction(db: Database, collectorId: string, ledgerEntryId: string) {
  const [row] = await db
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.collectorId, collectorId), eq(vouchers.ledgerEntryId, ledgerEntryId)));
  return row;
}

export async function listVouchers(db: Database, collectorId: string) {
  return db
    .select()
    .from(vouchers)
    .where(eq(vouchers.collectorId, collectorId))
    .orderBy(desc(vouchers.createdAt));
}

/** Inserts the voucher unless one exists for the request key; answers the stored row, when it was inserted. */
export async function insertVoucher(db: DbExecutor, row: typeof vouchers.$inferInsert) {
  const [inserted] = await db.insert(vouchers).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function insertRedemptionDetails(
  db: DbExecutor,
  row: { ledgerEntryId: string; collectorId: string; partnerName: string; voucherId: string },
) {
  await db
    .insert(transactionDetails)
    .values({ ...row, partnerKind: 'REDEMPTION' })
    .onConflictDoNothing();
}

export async function markUsed(db: Database, collectorId: string, id: string, used: boolean) {
  const rows = await db
    .update(vouchers)
    .set({ used })
    .where(and(eq(vouchers.collectorId, collectorId), eq(vouchers.id, id)))
    .returning();
  return rows[0];
}
