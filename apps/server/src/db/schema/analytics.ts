import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Page views sent by the app's default analytics sink, so the operator can count them without a third party. */
export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The tracked page name (a name of docs/product/signed-in-pages.md §S2.5, else the tracked path). */
    pageName: text('page_name').notNull(),
    /**
     * The tracked path, with the search part removed where docs/product/registration-and-sign-in.md §R2 says
     * so.
     */
    path: text('path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('page_views_created_at_idx').on(t.createdAt)],
);
