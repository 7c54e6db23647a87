import type { Database } from '../../db/database.ts';
import { DEFAULT_DOCUMENTS } from './default-documents.ts';
import { insertMissingDocuments } from './repository.ts';

/**
 * The documents the product ships with (FAQs, legal pages, the business offers page), written by the start data
 * (ADR 031): the missing ones only, so a document the operator changed is kept.
 */
export const loadDefaultDocuments = (db: Database) => insertMissingDocuments(db, DEFAULT_DOCUMENTS);
