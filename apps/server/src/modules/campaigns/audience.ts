import { sql, type SQL } from 'drizzle-orm';
import { PARTNER_IDS } from '@app/contracts/linked-partners';
import type { OfferAudience, SegmentRule } from '@app/contracts/staff-offers';
import type { DbExecutor } from '../../db/database.ts';
import { memberSummaries } from '../../db/schema/offers.ts';
import { rowsOf } from './repository.ts';

/**
 * Who an offer reaches, in SQL over `member_summaries` (docs/staff-console.md "Offers and campaigns"): one
 * row a member who has not closed their account, with what the segments' rules read, kept fresh by
 * `refreshSummaries`. A count is one statement over it; an assignment is INSERT … SELECT over it, never a
 * statement a member.
 */

const DAY_MS = 86_400_000;
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const daysBefore = (now: Date, days: number) => at(new Date(now.getTime() - days * DAY_MS));

/**
 * A summary is refreshed again when anything it reads changed since the last refresh less this: a writer's
 * transaction that started before a refresh and committed after it is still seen by the next one.
 */
const OVERLAP = sql`interval '2 minutes'`;

/**
 * Members a refresh of every summary writes in one statement, well within the statement time limit: at 1
 * million members a part of 50,000 took 1.5 s, and once, on a loaded machine, 75-90 s.
 */
const REFRESH_CHUNK = 10_000;

/** One rule of a segment over the summary `s`. */
function ruleSql(rule: SegmentRule, now: Date): SQL {
  switch (rule.rule) {
    case 'fuel-shopper':
      return sql`s.last_fuel_at >= ${daysBefore(now, rule.days)}`;
    case 'no-shop':
      return sql`(s.last_shop_at is null or s.last_shop_at < ${daysBefore(now, rule.days)})`;
    case 'joined-within':
      return sql`s.joined_at >= ${daysBefore(now, rule.days)}`;
    case 'balance-above':
      return sql`s.balance > ${rule.points}`;
    case 'airline-linked':
      return sql`s.airline_linked`;
  }
}

/**
 * The summaries (`s`) of the members an audience reaches, as FROM … WHERE: everyone, the segment's rules all
 * at once, or the offer's uploaded list; `also` narrows it further.
 */
function reachedSql(audience: OfferAudience, offerId: string | undefined, now: Date, also?: SQL): SQL {
  const where = [
    ...(audience.kind === 'segment' ? audience.rules.map((rule) => ruleSql(rule, now)) : []),
    ...(audience.kind === 'list' ? [sql`m.offer_id = ${offerId ?? ''}`] : []),
    ...(also ? [also] : []),
  ];
  const from =
    audience.kind === 'list'
      ? sql`offer_audience_members m join member_summaries s on s.collector_id = m.collector_id`
      : sql`member_summaries s`;
  return where.length > 0 ? sql`${from} where ${sql.join(where, sql` and `)}` : from;
}

/** How many members an audience reaches now. */
export async function countAudience(
  db: DbExecutor,
  audience: OfferAudience,
  offerId: string | undefined,
  now: Date,
) {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${reachedSql(audience, offerId, now)}`,
  );
  return row?.n ?? 0;
}

/** Whether one member is in an audience now. */
export async function inAudience(
  db: DbExecutor,
  audience: OfferAudience,
  offerId: string,
  memberId: string,
  now: Date,
) {
  const [row] = await rowsOf<{ found: boolean }>(
    db,
    sql`select exists (
          select 1 from ${reachedSql(audience, offerId, now, sql`s.collector_id = ${memberId}`)}
        ) as found`,
  );
  return row?.found === true;
}

export interface Assignment {
  offerId: string;
  audience: OfferAudience;
  /** A partner's offer starts not opted in; the others unsaved. */
  state: 'UNLOADED' | 'NOTOPTEDIN';
  /** The version before: its members who kept it get no second version of the same offer. */
  previousVersionId: string | null;
}

/**
 * Gives the offer to the members of `reached` (FROM … WHERE over `s`) who do not hold it: how many got it.
 */
async function give(db: DbExecutor, offer: Assignment, reached: SQL, limit?: number) {
  const kept = offer.previousVersionId
    ? sql`and not exists (
            select 1 from collector_offers kept
            where kept.collector_id = s.collector_id and kept.offer_id = ${offer.previousVersionId}
          )`
    : sql``;
  const [row] = await rowsOf<{ n: number; reached: number; last: string | null }>(
    db,
    sql`with reached as (
          select s.collector_id from ${reached} ${kept}
          ${limit ? sql`order by s.collector_id limit ${limit}` : sql``}
        ),
        given as (
          insert into collector_offers (collector_id, offer_id, state)
          select collector_id, ${offer.offerId}, ${offer.state} from reached
          on conflict do nothing
          returning 1
        )
        select (select count(*)::int from given) as n,
               (select count(*)::int from reached) as reached,
               (select collector_id::text from reached order by collector_id desc limit 1) as last`,
  );
  return { given: row?.n ?? 0, reached: row?.reached ?? 0, last: row?.last ?? null };
}

/**
 * Gives the offer to the next `limit` members its audience reaches after member `after` (by id), in one
 * INSERT … SELECT: the members given it, and the last member of this part (null once every member has had
 * their turn). A million members are forty such statements, each well within the time a statement may take.
 */
export async function assignPart(
  db: DbExecutor,
  offer: Assignment,
  now: Date,
  after: string | null,
  limit: number,
) {
  const part = await give(
    db,
    offer,
    reachedSql(offer.audience, offer.offerId, now, after ? sql`s.collector_id > ${after}::uuid` : undefined),
    limit,
  );
  return { given: part.given, last: part.reached < limit ? null : part.last };
}

/**
 * Gives the offer to the members who may have come into its audience since `since` (the refresh before the
 * last): their summary changed since, or time took them past a 'no-shop' rule's days. Answers how many got
 * it.
 */
export async function assignNewlyReached(db: DbExecutor, offer: Assignment, now: Date, since: string) {
  const noShop = (offer.audience.kind === 'segment' ? offer.audience.rules : []).filter(
    (rule) => rule.rule === 'no-shop',
  );
  const entered = sql.join(
    [
      sql`s.refreshed_at > ${since}::timestamptz`,
      ...noShop.map(
        (rule) =>
          sql`s.last_shop_at >= ${since}::timestamptz - make_interval(days => ${rule.days}) - ${OVERLAP}`,
      ),
    ],
    sql` or `,
  );
  return (await give(db, offer, reachedSql(offer.audience, offer.offerId, now, sql`(${entered})`))).given;
}

/** The summaries' upsert for the members `changed` (a query of their ids, `id`). */
const upsertSummaries = (changed: SQL) =>
  sql`with changed as (${changed}),
      ledger as (
        select l.collector_id,
               sum(l.amount)::int as balance,
               max(l.created_at) filter (where l.amount > 0 and p.id is not null) as last_shop_at,
               max(l.created_at) filter (where l.amount > 0 and p.kind = 'FUEL') as last_fuel_at
        from points_ledger l
        left join partners p on p.ledger_source = l.source
        where l.collector_id in (select id from changed)
        group by l.collector_id
      ),
      airline as (
        select distinct collector_id from partner_links
        where partner_id = ${PARTNER_IDS.airline} and unlinked_at is null
          and collector_id in (select id from changed)
      ),
      written as (
        insert into member_summaries
          (collector_id, joined_at, balance, last_shop_at, last_fuel_at, airline_linked, refreshed_at)
        select c.id, c.created_at, coalesce(l.balance, 0), l.last_shop_at, l.last_fuel_at,
               a.collector_id is not null, now()
        from collectors c
        left join ledger l on l.collector_id = c.id
        left join airline a on a.collector_id = c.id
        where c.id in (select id from changed) and c.status <> 'closed'
        on conflict (collector_id) do update set
          joined_at = excluded.joined_at,
          balance = excluded.balance,
          last_shop_at = excluded.last_shop_at,
          last_fuel_at = excluded.last_fuel_at,
          airline_linked = excluded.airline_linked,
          refreshed_at = excluded.refreshed_at
        returning 1
      ),
      closed as (
        delete from member_summaries s using collectors c
        where c.id = s.collector_id and c.status = 'closed' and c.id in (select id from changed)
        returning 1
      )
      select (select count(*)::int from written) + (select count(*)::int from closed) as n,
             (select id::text from changed order by id desc limit 1) as last`;

/**
 * When the summaries were last refreshed (the newest row's time), as SQL text to start the next refresh from
 * and as a date; null before the first refresh.
 */
export async function summariesRefreshedAt(db: DbExecutor) {
  const [row] = await rowsOf<{ at: string | null; ms: number | null }>(
    db,
    sql`select max(${memberSummaries.refreshedAt})::text as at,
               (extract(epoch from max(${memberSummaries.refreshedAt})) * 1000)::float8 as ms
        from ${memberSummaries}`,
  );
  return row?.at && row.ms !== null ? { text: row.at, date: new Date(Number(row.ms)) } : null;
}

/**
 * Brings the summaries up to date, in the caller's transaction: the rows of members whose ledger entries or
 * partner links changed since the last refresh (less OVERLAP), and of members who joined, changed or closed
 * since (a new member has no row yet, and joins with `updated_at` now); each found by an index, so a refresh
 * with little changed reads little (migration 0026). One refresh at a time (an advisory lock): the minute's
 * job and a console's count never write the same rows at once. Before the first refresh there is no last one:
 * `refreshEverySummary` writes them all. Answers the refresh before this one (SQL text), if any.
 */
export async function refreshSummaries(db: DbExecutor) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('member-summaries'))`);
  const last = (await summariesRefreshedAt(db))?.text;
  if (!last) return { previous: null, written: 0 };
  const since = sql`${last}::timestamptz - ${OVERLAP}`;
  const [row] = await rowsOf<{ n: number }>(
    db,
    upsertSummaries(
      sql`select collector_id as id from points_ledger where created_at > ${since}
          union select collector_id from partner_links where linked_at > ${since} or unlinked_at > ${since}
          union select id from collectors where updated_at > ${since}`,
    ),
  );
  return { previous: last, written: row?.n ?? 0 };
}

/**
 * The summary of every member, written again part by part (REFRESH_CHUNK members a statement, each part its
 * own transaction under the refresh's lock): the first refresh, and each night's, which also writes a member
 * no other refresh found. Answers how many rows were written.
 */
export async function refreshEverySummary(
  transaction: <T>(work: (tx: DbExecutor) => Promise<T>) => Promise<T>,
) {
  let after: string | null = null;
  let written = 0;
  do {
    const from: string | null = after;
    const part = await transaction(async (tx): Promise<{ n: number; last: string | null } | undefined> => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('member-summaries'))`);
      const [row] = await rowsOf<{ n: number; last: string | null }>(
        tx,
        upsertSummaries(
          sql`select id from collectors ${from ? sql`where id > ${from}::uuid` : sql``}
              order by id limit ${REFRESH_CHUNK}`,
        ),
      );
      return row;
    });
    written += part?.n ?? 0;
    after = part?.last ?? null;
  } while (after !== null);
  return written;
}
