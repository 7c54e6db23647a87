import type { Database } from '../../db/database.ts';
import { insertMissingPlatformRows } from './repository.ts';

/**
 * The rows the operator edits to turn switches and features on, written by the start data (ADR 031): every
 * remote switch (off) and every feature the app asks about, the missing ones only.
 */
export const loadPlatformRows = (db: Database) => insertMissingPlatformRows(db);
