import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { documents } from '../../db/schema/documents.ts';
import type { DefaultDocument } from './default-documents.ts';

export const findDocument = async (db: Database, name: string) => {
  const [row] = await db.select().from(documents).where(eq(documents.name, name));
  return row;
};

/** Adds the documents that are missing; rows the operator changed are kept. */
export const insertMissingDocuments = async (db: Database, defaults: DefaultDocument[]) => {
  await db
    .insert(documents)
    .values(
      defaults.map((doc) => ({
        name: doc.name,
        title: doc.title,
        html: doc.html ?? null,
        json: doc.json ?? null,
      })),
    )
    .onConflictDoNothing({ target: documents.name });
};
