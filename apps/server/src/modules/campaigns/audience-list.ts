import { fullCardNumberSchema } from '@app/contracts/card-number';
import { audienceListReasons, type AudienceListReport } from '@app/contracts/staff-offers';

/** A row of the file as written: its number in the file (1 is the first line) and its first field. */
export interface ListRow {
  row: number;
  value: string;
}

/** The longest value a refused row's report repeats. */
const SHOWN_CHARACTERS = 40;

/** The first field of a CSV line, without its quotes (a card number holds no comma). */
const firstField = (line: string) =>
  (line.split(',')[0] ?? '')
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();

/**
 * The rows of an uploaded list: one card number a line (the first field of a CSV), blank lines left out, and
 * a first line with no digit in it taken as the header.
 */
export function listRows(csv: string): ListRow[] {
  const rows: ListRow[] = [];
  let first = true;
  for (const [index, line] of csv
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .entries()) {
    const value = firstField(line);
    if (value === '') continue;
    const header = first && !/\d/.test(value);
    first = false;
    if (!header) rows.push({ row: index + 1, value });
  }
  return rows;
}

/**
 * Checks each row against the card number's rules (@app/contracts/card-number), the cards that exist
 * (`holders`: each known card's member, for the numbers asked) and the rows before it: the members taken,
 * once each, and every row refused with why.
 */
export async function checkListRows(
  rows: ListRow[],
  holders: (numbers: string[]) => Promise<Map<string, string>>,
): Promise<{ members: string[]; report: AudienceListReport }> {
  const refused: AudienceListReport['refused'] = [];
  const refuse = (row: ListRow, reason: string) =>
    refused.push({ row: row.row, value: row.value.slice(0, SHOWN_CHARACTERS), reason });
  const numbered: Array<ListRow & { number: string }> = [];
  for (const row of rows) {
    const parsed = fullCardNumberSchema.safeParse(row.value);
    if (parsed.success) numbered.push({ ...row, number: parsed.data });
    else refuse(row, audienceListReasons.notACardNumber);
  }
  const known = await holders([...new Set(numbered.map((row) => row.number))]);
  const firstRowOf = new Map<string, number>();
  for (const row of numbered) {
    const member = known.get(row.number);
    if (!member) {
      refuse(row, audienceListReasons.unknownCard);
      continue;
    }
    const first = firstRowOf.get(member);
    if (first === undefined) firstRowOf.set(member, row.row);
    else refuse(row, audienceListReasons.duplicate(first));
  }
  refused.sort((a, b) => a.row - b.row);
  return { members: [...firstRowOf.keys()], report: { accepted: firstRowOf.size, refused } };
}
