import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Documents served by /documents-api/{name}.json|.html (docs/product/calls-and-errors.md §R7, §S7.7): legal
 * pages, FAQ lists, the registration privacy summary. `name` may hold a folder
 * (`registration/privacy-policy-short`). A document has HTML (legal text), JSON (FAQ lists, business offers
 * page) or both; the operator edits rows to change text.
 */
export const documents = pgTable('documents', {
  name: text('name').primaryKey(),
  title: text('title').notNull(),
  html: text('html'),
  json: jsonb('json'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
