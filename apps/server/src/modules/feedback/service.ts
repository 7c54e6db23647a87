import { FEEDBACK_DAILY_LIMIT, feedbackMessages, type FeedbackRequest } from '@app/contracts/feedback';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import * as repository from './repository.ts';

const DAY_MS = 86_400_000;

/**
 * Stores one piece of feedback for a signed-in member (the text is already trimmed and within 10000
 * characters by the contract). A member may send FEEDBACK_DAILY_LIMIT in 24 hours: counted under a lock on
 * the member's row, so parallel sends cannot pass it.
 */
async function submitFeedback(
  db: Database,
  collectorId: string,
  input: FeedbackRequest & { userAgent?: string | undefined },
  now: Date,
) {
  return db.transaction(async (tx) => {
    const member = await repository.lockCollector(tx, collectorId);
    if (!member) throw new AppError(401, 'UNAUTHORISED', feedbackMessages.logIn);
    const sent = await repository.countSince(tx, collectorId, new Date(now.getTime() - DAY_MS));
    if (sent >= FEEDBACK_DAILY_LIMIT) {
      throw new AppError(429, 'FEEDBACK_LIMIT', feedbackMessages.sendLimit);
    }
    const row = await repository.insertFeedback(tx, {
      collectorId,
      type: input.type,
      topic: input.topic,
      text: input.text,
      device: input.device ?? null,
      partner: input.partner ?? null,
      subject: input.subject ?? null,
      page: input.page ?? null,
      userAgent: input.userAgent?.slice(0, 300) ?? null,
      createdAt: now,
    });
    return { id: row.id, firstName: member.firstName ?? 'there', createdAt: row.createdAt.toISOString() };
  });
}

const csvCell = (value: unknown) => {
  const text =
    value instanceof Date
      ? value.toISOString()
      : value === null || value === undefined
        ? ''
        : typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
          ? String(value)
          : JSON.stringify(value);
  // Quoted always; a leading formula character is neutralised so a spreadsheet never runs member text.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
};

export const FEEDBACK_CSV_COLUMNS = [
  'id',
  'createdAt',
  'type',
  'topic',
  'device',
  'partner',
  'subject',
  'page',
  'firstName',
  'email',
  'text',
] as const;

/** The operator's export (`npm run feedback-export`): CSV, one row per piece of feedback, oldest first. */
async function exportFeedbackCsv(db: Database, since: Date): Promise<string> {
  const rows = await repository.listSince(db, since);
  const lines = [FEEDBACK_CSV_COLUMNS.join(',')];
  for (const row of rows) lines.push(FEEDBACK_CSV_COLUMNS.map((column) => csvCell(row[column])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export interface FeedbackDeps {
  db: Database;
  clock: Clock;
}

/** Members' feedback (ADR 015): sent by a signed-in member within a daily limit, exported by the operator. */
export function createFeedbackService({ db, clock }: FeedbackDeps) {
  return {
    submit: (collectorId: string, input: FeedbackRequest & { userAgent?: string | undefined }) =>
      submitFeedback(db, collectorId, input, clock.now()),
    exportCsv: (since: Date) => exportFeedbackCsv(db, since),
    /** The export of the last `days` days. */
    exportCsvOfLastDays: (days: number) =>
      exportFeedbackCsv(db, new Date(clock.now().getTime() - days * DAY_MS)),
  };
}
