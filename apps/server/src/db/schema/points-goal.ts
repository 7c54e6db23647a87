import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { collectors } from './core.ts';

/**
 * A member's points goal (ADR 042): the one reward they are saving towards. One row per
 * member (the key is the member), replaced when they pick another reward and deleted when they remove it.
 *
 * - kind: 'voucher' (a voucher from the rewards catalogue) or 'conversion' (points converted to a partner's).
 * - rewardId: the voucher reward's id ('retailer-10'), or the partner's id ('AVIOS') for a conversion.
 * - conversionPoints: for a conversion, the points to convert (a whole number of the partner's steps); null
 *   for a voucher, whose points are read from the catalogue so a price change reaches the goal.
 */
export const pointsGoals = pgTable(
  'points_goals',
  {
    collectorId: uuid('collector_id')
      .primaryKey()
      .references(() => collectors.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    rewardId: text('reward_id').notNull(),
    conversionPoints: integer('conversion_points'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [
    check(
      'points_goals_kind_points',
      sql`(kind = 'voucher' and conversion_points is null) or (kind = 'conversion' and conversion_points > 0)`,
    ),
  ],
);
