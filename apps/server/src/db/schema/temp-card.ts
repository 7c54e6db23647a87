import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { cards } from './core.ts';

/**
 * Links to a temporary card's page (/temp-card/your-card/:token), one per email sent. Only a hash of the
 * token is kept, so a database reader cannot open anyone's card. The rows also count the emails sent for a
 * card, which is what the re-send limit counts (apps/server/src/modules/nectar-lite/service.ts).
 */
export const tempCardLinks = pgTable(
  'temp_card_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    cardNumber: text('card_number')
      .notNull()
      .references(() => cards.number, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('temp_card_links_card_idx').on(t.cardNumber, t.createdAt)],
);
