import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * Several writes sent as one statement, one round trip to the database instead of one each (ADR 047): each is a
 * data-modifying CTE of `with w0 as (...), w1 as (...) select 1`, which PostgreSQL runs to completion whether or
 * not the statement reads it, all or none of them. They all see the database as it was before the statement, so
 * none may depend on another's rows, no two may change the same row, and none may hold a WITH of its own (give
 * its parts here instead).
 */
export const oneStatement = (writes: SQLWrapper[]): SQL =>
  sql`with ${sql.join(
    writes.map((write, index) => sql`${sql.raw(`w${index}`)} as (${write.getSQL()})`),
    sql`, `,
  )} select 1`;
