import { sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database.ts';

/** At most this many examples of each broken invariant are read; the count is always whole. */
export const EXAMPLES = 10;

/** One row that breaks an invariant, in words an operator can follow to the rows (ids, keys, amounts). */
export interface Breach {
  total: number;
  example: string;
}

/** The rows a raw statement answers (both databases' drivers answer `{ rows }`). */
async function rowsOf<T>(db: DbExecutor, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * Runs a query whose rows each break the invariant, each with its whole count (`total`, a window count) and a
 * line that names the rows (`example`); answers the count and the first EXAMPLES lines.
 */
async function breaches(db: DbExecutor, query: SQL): Promise<{ count: number; examples: string[] }> {
  const rows = await rowsOf<Breach>(db, sql`${query} limit ${EXAMPLES}`);
  return { count: Number(rows[0]?.total ?? 0), examples: rows.map((row) => row.example) };
}

/** Members whose points add up to less than nothing (the balance is the sum of the member's entries). */
export const negativeBalances = (db: DbExecutor) =>
  breaches(
    db,
    sql`select count(*) over () as total,
          'member ' || collector_id || ' has ' || sum(amount) || ' points' as example
        from points_ledger group by collector_id having sum(amount) < 0`,
  );

/**
 * Whether the unique index on the ledger's idempotency keys exists and is valid: while it is, no key can be
 * written twice (PostgreSQL refuses the second), so this proves the invariant without reading 20 million keys.
 */
export async function idempotencyKeysUnique(db: DbExecutor) {
  const rows = await rowsOf<{ ok: boolean }>(
    db,
    sql`select i.indisunique and i.indisvalid as ok
        from pg_index i join pg_class c on c.oid = i.indexrelid
        where c.relname = 'points_ledger_idempotency_key_unique'`,
  );
  return rows[0]?.ok === true;
}

/**
 * Points conversions whose ledger entries do not match their state (the transfer table is small: each of its
 * keys is one lookup in the ledger's key index). A base-to-partner transfer takes its points by a debit and
 * gives them back by a refund; a partner-to-base one adds them by a credit.
 * - SUCCESS: its debit (or credit) of the right amount, and no refund;
 * - FAILED: nothing, or a debit and its refund, both of the right amount (never a refund alone);
 * - PENDING: no refund and no credit yet (the settle job finishes it).
 */
export const transfersOutOfStep = (db: DbExecutor) =>
  breaches(
    db,
    sql`select count(*) over () as total,
          'transfer ' || t.id || ' (' || t.conversion_type || ', ' || t.status || ', ' || t.points_given
            || ' for ' || t.points_received || '): debit ' || coalesce(d.amount::text, 'none')
            || ', credit ' || coalesce(c.amount::text, 'none') || ', refund ' || coalesce(r.amount::text, 'none')
            as example
        from partner_transfers t
        left join points_ledger d on d.idempotency_key = 'partner-transfer:' || t.id || ':debit'
        left join points_ledger c on c.idempotency_key = 'partner-transfer:' || t.id || ':credit'
        left join points_ledger r on r.idempotency_key = 'partner-transfer:' || t.id || ':refund'
        -- A missing entry compares as unknown (null): only a row that is certainly right passes.
        where not coalesce(case
          when t.conversion_type = 'NECTAR_TO_PARTNER' then c.id is null and case t.status
            when 'SUCCESS' then d.amount = -t.points_given and r.id is null
            when 'FAILED' then (d.id is null and r.id is null)
              or (d.amount = -t.points_given and r.amount = t.points_given)
            else r.id is null and (d.id is null or d.amount = -t.points_given)
          end
          else d.id is null and r.id is null and case t.status
            when 'SUCCESS' then c.amount = t.points_received
            else c.id is null
          end
        end, false)`,
  );

/** Ledger entries of a conversion whose transfer does not exist. */
export const transferEntriesWithoutTransfer = (db: DbExecutor) =>
  breaches(
    db,
    sql`select count(*) over () as total,
          'entry ' || e.id || ' (' || e.idempotency_key || ', ' || e.amount || ') has no transfer' as example
        from points_ledger e
        where e.idempotency_key like 'partner-transfer:%'
          and not exists (
            select 1 from partner_transfers t where t.id::text = split_part(e.idempotency_key, ':', 2)
          )`,
  );

/**
 * Points taken that nothing explains. A debit is a voucher's (the voucher names it), a conversion's (its
 * transfer exists), a spend at a partner's till (its details say REDEMPTION), a return's (the return exists)
 * or a change by staff (its adjustment names it).
 */
export const unexplainedDebits = (db: DbExecutor) =>
  breaches(
    db,
    sql`select count(*) over () as total,
          'entry ' || e.id || ' (' || e.idempotency_key || ', ' || e.amount || ', member ' || e.collector_id
            || ') is neither a voucher, a conversion nor a spend at a till' as example
        from points_ledger e
        where e.amount < 0
          and not exists (select 1 from vouchers v where v.ledger_entry_id = e.id)
          and not exists (
            select 1 from transaction_details d where d.ledger_entry_id = e.id and d.partner_kind = 'REDEMPTION'
          )
          and not exists (
            select 1 from partner_transfers t
            where e.idempotency_key = 'partner-transfer:' || t.id || ':debit'
              and t.conversion_type = 'NECTAR_TO_PARTNER'
          )
          -- A return's entries: its base points (partner-return:<id>) and each bonus (…:offer:<offer id>).
          and not exists (
            select 1 from partner_returns r
            where e.idempotency_key like 'partner-return:%'
              and split_part(e.idempotency_key, ':', 2) = r.id::text
          )
          and not exists (select 1 from staff_adjustments a where a.ledger_entry_id = e.id)`,
  );

/**
 * Changes of points by staff whose entries do not match their state: an applied one has its entry of its
 * points for its member, a waiting or refused one none; and no staff entry lacks its applied change.
 */
export const adjustmentsOutOfStep = (db: DbExecutor) =>
  breaches(
    db,
    sql`select count(*) over () as total, example from (
          select 'staff adjustment ' || a.id || ' (' || a.state || ', ' || a.points || ' points): entry '
              || coalesce(e.amount::text, 'none') as example
            from staff_adjustments a
            left join points_ledger e on e.idempotency_key = 'staff-adjustment:' || a.id
            where case when a.state = 'applied'
              then e.id is null or e.amount <> a.points or e.collector_id <> a.member_id
                or a.ledger_entry_id is distinct from e.id
              else e.id is not null end
          union all
          select 'entry ' || e.id || ' (' || e.idempotency_key || ') has no applied staff adjustment' as example
            from points_ledger e
            where e.idempotency_key like 'staff-adjustment:%'
              and not exists (
                select 1 from staff_adjustments a
                where e.idempotency_key = 'staff-adjustment:' || a.id and a.state = 'applied'
              )
        ) breaches`,
  );

/**
 * Points held at a till whose entries do not match the hold's state: every hold has its debit of its points;
 * a cancelled or expired hold also has its release of the same size, and a live or captured one none.
 */
export const holdsOutOfStep = (db: DbExecutor) =>
  breaches(
    db,
    sql`select count(*) over () as total,
          'hold ' || h.id || ' (' || h.state || ', ' || h.points || ' points): debit '
            || coalesce(d.amount::text, 'none') || ', release ' || coalesce(r.amount::text, 'none') as example
        from point_holds h
        left join points_ledger d on d.idempotency_key = 'partner-hold:' || h.id || ':hold'
        left join points_ledger r on r.idempotency_key = 'partner-hold:' || h.id || ':release'
        where d.id is null or d.amount <> -h.points or d.collector_id <> h.collector_id
          or case when h.state in ('CANCELLED', 'EXPIRED')
            then r.id is null or r.amount <> h.points
            else r.id is not null end`,
  );

/**
 * Partner sales whose entries do not add up: a sale posted at once has entries (its base and each bonus) that
 * sum to the points it awarded; a sale that waits as points on their way has none. Returns are apart.
 */
export const salesOutOfStep = (db: DbExecutor) =>
  breaches(
    db,
    sql`select count(*) over () as total,
          'sale ' || s.id || ' (awarded ' || s.points_awarded || '): entries ' || coalesce(e.total::text, 'none')
            as example
        from partner_sales s
        left join lateral (
          select sum(amount) as total from points_ledger
          where idempotency_key = any(
            array['partner-sale:' || s.id || ':base']
              || array(select 'partner-sale:' || s.id || ':offer:' || (b ->> 'offerId')
                       from jsonb_array_elements(s.bonuses) b)
          )
        ) e on true
        where case when s.pending_points_id is null
          then coalesce(e.total, 0) <> s.points_awarded
          else e.total is not null end`,
  );

/** Vouchers bought with points whose debit is missing, of another amount or another member's. */
export const vouchersWithoutTheirDebit = (db: DbExecutor) =>
  breaches(
    db,
    sql`select count(*) over () as total,
          'voucher ' || v.id || ' (' || v.points || ' points, member ' || v.collector_id || '): debit '
            || coalesce(e.amount::text || ' of member ' || e.collector_id, 'none') as example
        from vouchers v left join points_ledger e on e.id = v.ledger_entry_id
        where case when v.points = 0 then v.ledger_entry_id is not null
          else e.id is null or e.amount <> -v.points or e.collector_id <> v.collector_id end`,
  );

/**
 * Points on their way that were posted, and granted missing-points claims, without their entries of that
 * size. Points on their way of a partner's sale are posted as the shop's points (`pending-points:<id>`) and
 * apart each bonus the sale paid (`…:offer:<offer id>`): the entry `ledger_entry_id` names (the first) and
 * the others add up to the points.
 */
export const postingsWithoutTheirCredit = (db: DbExecutor) =>
  breaches(
    db,
    sql`select count(*) over () as total, example from (
          select 'points on their way ' || p.id || ' (' || p.points || '): entry '
              || coalesce((e.amount + coalesce(b.total, 0))::text, 'none') as example
            from pending_points p left join points_ledger e on e.id = p.ledger_entry_id
            left join lateral (
              select sum(amount) as total from points_ledger
              where id <> p.ledger_entry_id and idempotency_key = any(array(
                select 'pending-points:' || p.id || ':offer:' || (bonus ->> 'offerId')
                from partner_sales s cross join jsonb_array_elements(s.bonuses) bonus
                where s.partner_id = p.partner and s.receipt_id = p.reference and s.pending_points_id = p.id
              ))
            ) b on true
            where p.ledger_entry_id is not null
              and (e.id is null or e.amount + coalesce(b.total, 0) <> p.points)
          union all
          select 'claim ' || c.id || ' (granted ' || c.points_granted || '): entry '
              || coalesce(e.amount::text, 'none') as example
            from missing_points_claims c left join points_ledger e on e.id = c.ledger_entry_id
            where c.status = 'GRANTED' and (e.id is null or e.amount <> c.points_granted)
        ) breaches`,
  );

/** Ledger entries in all (the size of what was checked). */
export async function entryCount(db: DbExecutor) {
  const rows = await rowsOf<{ n: string | number }>(db, sql`select count(*)::bigint as n from points_ledger`);
  return Number(rows[0]?.n ?? 0);
}
