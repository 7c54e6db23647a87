import { eq, sql, type SQL } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';
import { isValid as isPostcode, toNormalised } from 'postcode';
import { CARD_NUMBER_DIGITS, normaliseCardNumberDigits, toFullCardNumber } from '@app/contracts/card-number';
import type { Database } from '../../db/database.ts';
import { cards, collectors } from '../../db/schema/core.ts';
import { collectorAddresses } from '../../db/schema/registration.ts';

/** At most this many members answer one search: enough to pick from while the caller waits. */
export const SEARCH_LIMIT = 20;

type ReadAs = 'card' | 'card-or-mobile' | 'email' | 'mobile' | 'postcode-and-name' | 'name';

/** Escapes LIKE's wildcards, so a name with % or _ in it matches itself. */
const likePrefix = (value: string) => `${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * What a caller's words name, as a careline hears them: a card number in any format read out (spaces, dashes,
 * with or without the printed prefix), an email, a mobile number (national or +44), a postcode and a last name
 * in either order, or the start of a name. `ids` selects the matching members' ids, each kind from its own
 * index and at most SEARCH_LIMIT of them, so the answer joins cards and addresses for those few only.
 */
export function readQuery(query: string): { readAs: ReadAs; ids: SQL } {
  const text = query.trim();
  const digits = normaliseCardNumberDigits(text);
  const byCard = (number: string) =>
    sql`select ${cards.collectorId} from ${cards} where ${cards.number} = ${number}`;
  const byMobile = (national: string) =>
    sql`select ${collectors.id} from ${collectors} where ${collectors.phoneNumber} = ${national}`;
  if (/^\d+$/.test(digits) && digits.length === CARD_NUMBER_DIGITS) {
    const card = byCard(toFullCardNumber(digits));
    // A UK mobile read out with its 0 has 11 digits too: such a number finds either.
    const mobile = digits.startsWith('07') ? parsePhoneNumberFromString(digits, 'GB') : undefined;
    if (mobile?.isPossible()) {
      return { readAs: 'card-or-mobile', ids: sql`(${card}) union (${byMobile(mobile.nationalNumber)})` };
    }
    return { readAs: 'card', ids: card };
  }
  if (text.includes('@')) {
    return {
      readAs: 'email',
      ids: sql`select ${collectors.id} from ${collectors} where lower(${collectors.email}) = ${text.toLowerCase()}`,
    };
  }
  const phone = /^[+\d][\d\s()-]{8,}$/.test(text) ? parsePhoneNumberFromString(text, 'GB') : undefined;
  if (phone?.isPossible()) return { readAs: 'mobile', ids: byMobile(phone.nationalNumber) };
  const postcode = postcodeIn(text);
  if (postcode && postcode.rest) {
    return {
      readAs: 'postcode-and-name',
      ids: sql`select ${collectorAddresses.collectorId} from ${collectorAddresses}
        join ${collectors} on ${collectors.id} = ${collectorAddresses.collectorId}
        where upper(replace(${collectorAddresses.postcode}, ' ', '')) = ${postcode.compact}
          and lower(${collectors.lastName}) = ${postcode.rest.toLowerCase()}
        limit ${SEARCH_LIMIT}`,
    };
  }
  const prefix = likePrefix(text.replace(/\s+/g, ' '));
  return {
    readAs: 'name',
    ids: sql`select ${collectors.id} from ${collectors}
      where lower(${collectors.firstName} || ' ' || ${collectors.lastName}) like ${prefix}
        or lower(${collectors.lastName}) like ${prefix}
      limit ${SEARCH_LIMIT}`,
  };
}

/** A UK postcode at the start or the end of the words, and the words left (a last name). */
function postcodeIn(text: string) {
  const words = text.split(/\s+/);
  for (const [take, fromEnd] of [
    [2, true],
    [1, true],
    [2, false],
    [1, false],
  ] as const) {
    if (words.length <= take) continue;
    const candidate = (fromEnd ? words.slice(-take) : words.slice(0, take)).join(' ');
    if (!isPostcode(candidate)) continue;
    const rest = (fromEnd ? words.slice(0, -take) : words.slice(take)).join(' ');
    return { compact: (toNormalised(candidate) ?? candidate).replace(/\s/g, '').toUpperCase(), rest };
  }
  return undefined;
}

/** The members a query names, one row each, with a card (the active one first) and a postcode if any. */
export async function searchMembers(db: Database, query: string) {
  const { readAs, ids } = readQuery(query);
  const rows = await db
    .selectDistinctOn([collectors.id], {
      id: collectors.id,
      firstName: collectors.firstName,
      lastName: collectors.lastName,
      email: collectors.email,
      status: collectors.status,
      cardNumber: cards.number,
      postcode: collectorAddresses.postcode,
    })
    .from(collectors)
    .leftJoin(cards, eq(cards.collectorId, collectors.id))
    .leftJoin(collectorAddresses, eq(collectorAddresses.collectorId, collectors.id))
    .where(sql`${collectors.id} in (${ids})`)
    // A card number finds the member whatever the card's state; otherwise each member's active card shows.
    .orderBy(collectors.id, sql`${cards.status} = 'active' desc`)
    .limit(SEARCH_LIMIT);
  return { readAs, rows };
}
