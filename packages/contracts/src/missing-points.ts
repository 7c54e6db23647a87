import { differenceInCalendarDays, format, isExists, isValid, parse } from 'date-fns';
import { z } from 'zod';
import { brand } from './brand.ts';

/**
 * Missing points, self-service (ADR 043): the claim form's rules, used by the form's resolver and by the
 * server alike, and the answers of the claims API.
 */

/** A purchase can be claimed for this many days after it (today counts as day 0). */
export const CLAIM_WINDOW_DAYS = 90;
/** At most this many claims waiting for an operator at once. */
export const MAX_OPEN_CLAIMS = 5;
/** The receipt's largest size: 5 MB. */
export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;
/** What a receipt may be, found in its content (magic bytes), never in its name. */
export const RECEIPT_MEDIA_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
/** The file picker's hint; the server checks the content whatever the name says. */
export const RECEIPT_ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';

/** The partners a purchase can be claimed at: the ones whose points reach the ledger (demo-activity.ts). */
export const CLAIM_PARTNERS = [
  { id: 'retailer', name: brand.retailer },
  { id: 'fuel', name: brand.fuelPartner },
  { id: 'argos', name: 'Argos' },
  { id: 'ebay', name: 'eBay' },
  { id: 'caffe-nero', name: 'Caffè Nero' },
  { id: 'habitat', name: 'Habitat' },
] as const;
export type ClaimPartnerId = (typeof CLAIM_PARTNERS)[number]['id'];
const partnerIds = CLAIM_PARTNERS.map((partner) => partner.id) as [ClaimPartnerId, ...ClaimPartnerId[]];
export const claimPartnerName = (id: string) =>
  CLAIM_PARTNERS.find((partner) => partner.id === id)?.name ?? id;

export const missingPointsMessages = {
  partnerRequired: 'Choose where you shopped.',
  dateRequired: 'Enter the date of your purchase.',
  dateInvalid: 'Enter a real date, for example 27 3 2026.',
  dateYearDigits: 'Enter the year as 4 numbers, for example 2026.',
  dateInFuture: "The purchase date can't be in the future.",
  dateTooOld: `You can only claim for purchases in the last ${CLAIM_WINDOW_DAYS} days.`,
  spendRequired: 'Enter how much you spent.',
  spendInvalid: 'Enter the amount in pounds and pence, for example 12.50.',
  spendRange: 'Enter an amount between £0.01 and £10,000.',
  referenceRequired: 'Enter the receipt or order reference.',
  referenceInvalid: 'Enter the reference as printed: 4 to 40 letters, numbers, spaces, dashes or slashes.',
  receiptTooLarge: 'The receipt must be 5 MB or smaller.',
  receiptType: 'The receipt must be a photo (JPEG or PNG) or a PDF.',
  duplicate: "You've already claimed for this purchase.",
  openLimit: `You have ${MAX_OPEN_CLAIMS} claims waiting for an answer. You can send another once one is settled.`,
  notFound: "We couldn't find that claim.",
  alreadySettled: 'This claim has already been settled.',
  onTheirWay: 'These points are on their way',
  alreadyCredited: 'We found the points for this purchase',
  received: "We've got your claim",
  multipartRequired: 'Send the claim as multipart/form-data.',
  /** Staff settling a claim (the claims command): the points to grant, and why a claim is refused. */
  grantPoints: 'points: a whole number from 1 to 100000',
  refusalReason: 'reason: say why the claim is refused',
  /** The developer tools' pending entry, added a second time. */
  pendingEntryExists: 'That pending entry exists already.',
} as const;

/** A date as YYYY-MM-DD in the UK's calendar (the scheme's), for "today" on both sides. */
export const ukDate = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(at);

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
/** A YYYY-MM-DD day as a date-fns date (Invalid Date for a day the calendar has not: 2026-02-31). */
const calendarDay = (value: string) => parse(value, 'yyyy-MM-dd', new Date(0));

/** What is wrong with a purchase date on `today` (both YYYY-MM-DD), or undefined when it can be claimed. */
export function purchaseDateProblem(
  value: string,
  today: string,
): 'invalid' | 'future' | 'tooOld' | undefined {
  const day = calendarDay(value);
  if (!isoDay.test(value) || !isValid(day)) return 'invalid';
  const daysAgo = differenceInCalendarDays(calendarDay(today), day);
  if (daysAgo < 0) return 'future';
  if (daysAgo > CLAIM_WINDOW_DAYS) return 'tooOld';
  return undefined;
}

/** The date of purchase as the member types it: GOV.UK's date input, three boxes (day, month, year). */
export const DATE_PARTS = ['day', 'month', 'year'] as const;
export type DatePart = (typeof DATE_PARTS)[number];
type DateParts = Record<DatePart, string>;

/** "The date of purchase must include a month and year." for the boxes left empty (GOV.UK's wording). */
const dateMissingMessage = (missing: readonly DatePart[]) =>
  `The date of purchase must include a ${missing.join(' and ')}.`;

/**
 * The three boxes as the wire's YYYY-MM-DD day, or what is wrong and which boxes are at fault: empty boxes,
 * a day or month that is not one (32, 13, "x"), a year not of 4 numbers, a day its month has not (31 2 2026),
 * then the claim window on `today` (all three boxes).
 */
export function purchaseDateFromParts(
  parts: DateParts,
  today: string,
): { date: string } | { message: string; parts: DatePart[] } {
  const typed = {
    day: parts.day.trim(),
    month: parts.month.trim(),
    year: parts.year.trim(),
  };
  const empty = DATE_PARTS.filter((part) => typed[part] === '');
  if (empty.length === DATE_PARTS.length) {
    return { message: missingPointsMessages.dateRequired, parts: [...DATE_PARTS] };
  }
  if (empty.length > 0) return { message: dateMissingMessage(empty), parts: empty };
  const day = /^\d{1,2}$/.test(typed.day) ? Number(typed.day) : Number.NaN;
  const month = /^\d{1,2}$/.test(typed.month) ? Number(typed.month) : Number.NaN;
  const notNumbers = [
    ...(day >= 1 && day <= 31 ? [] : (['day'] as const)),
    ...(month >= 1 && month <= 12 ? [] : (['month'] as const)),
  ];
  if (notNumbers.length > 0) return { message: missingPointsMessages.dateInvalid, parts: notNumbers };
  if (!/^\d{4}$/.test(typed.year)) return { message: missingPointsMessages.dateYearDigits, parts: ['year'] };
  const year = Number(typed.year);
  // date-fns counts months from 0, as Date does.
  if (!isExists(year, month - 1, day)) return { message: missingPointsMessages.dateInvalid, parts: ['day'] };
  const value = format(new Date(year, month - 1, day), 'yyyy-MM-dd');
  const problem = purchaseDateProblem(value, today);
  if (problem === 'future') return { message: missingPointsMessages.dateInFuture, parts: [...DATE_PARTS] };
  if (problem === 'tooOld') return { message: missingPointsMessages.dateTooOld, parts: [...DATE_PARTS] };
  if (problem === 'invalid') return { message: missingPointsMessages.dateInvalid, parts: [...DATE_PARTS] };
  return { date: value };
}

/** Pounds as the member types them ("12.5", "£12.50", "1,200") to pence, or NaN. */
export function poundsToPence(value: string): number {
  const cleaned = value.trim().replace(/^£/, '').replace(/,/g, '');
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(cleaned)) return Number.NaN;
  const [pounds = '0', pence = ''] = cleaned.split('.');
  return Number(pounds) * 100 + Number(pence.padEnd(2, '0'));
}

/** The reference as it is matched and kept unique: upper case, without spaces, dashes or slashes. */
export const referenceKey = (reference: string) => reference.toUpperCase().replace(/[\s/-]/g, '');

/**
 * The claim's fields (multipart fields on the wire, the form's values in the browser), checked against `today`.
 * The receipt file is checked apart: by size and declared type in the browser, by content on the server.
 */
export const claimFieldsSchema = (today: string) =>
  z.object({
    partner: z.enum(partnerIds, { error: missingPointsMessages.partnerRequired }),
    purchasedOn: z
      .string({ error: missingPointsMessages.dateRequired })
      .trim()
      .min(1, missingPointsMessages.dateRequired)
      .superRefine((value, context) => {
        const problem = purchaseDateProblem(value, today);
        if (problem === 'invalid')
          context.addIssue({ code: 'custom', message: missingPointsMessages.dateInvalid });
        if (problem === 'future')
          context.addIssue({ code: 'custom', message: missingPointsMessages.dateInFuture });
        if (problem === 'tooOld')
          context.addIssue({ code: 'custom', message: missingPointsMessages.dateTooOld });
      }),
    spend: z
      .string({ error: missingPointsMessages.spendRequired })
      .trim()
      .min(1, missingPointsMessages.spendRequired)
      .refine((value) => !Number.isNaN(poundsToPence(value)), missingPointsMessages.spendInvalid)
      .refine((value) => {
        const pence = poundsToPence(value);
        return Number.isNaN(pence) || (pence >= 1 && pence <= 1_000_000);
      }, missingPointsMessages.spendRange),
    reference: z
      .string({ error: missingPointsMessages.referenceRequired })
      .trim()
      .min(1, missingPointsMessages.referenceRequired)
      .regex(/^[A-Za-z0-9][A-Za-z0-9 /-]{2,38}[A-Za-z0-9]$/, missingPointsMessages.referenceInvalid),
  });
export type ClaimFields = z.infer<ReturnType<typeof claimFieldsSchema>>;

/**
 * The claim form in the browser: the same fields, with the date of purchase typed in three boxes and made into
 * the wire's YYYY-MM-DD day here, so the form sends what claimFieldsSchema checks. Each box at fault gets the
 * date's message (its path is purchasedOn.day, .month or .year).
 */
export const claimFormSchema = (today: string) =>
  claimFieldsSchema(today).extend({
    purchasedOn: z
      .object({ day: z.string(), month: z.string(), year: z.string() })
      .transform((parts, context) => {
        const made = purchaseDateFromParts(parts, today);
        if ('date' in made) return made.date;
        for (const part of made.parts) {
          context.addIssue({ code: 'custom', message: made.message, path: [part] });
        }
        return z.NEVER;
      }),
  });
/** What the form holds (the boxes as typed); its resolver gives ClaimFields. */
export type ClaimForm = z.input<ReturnType<typeof claimFormSchema>>;

/** The browser's check of a chosen receipt (the server checks the content again). */
export function receiptFileProblem(file: { size: number; type: string }): string | undefined {
  if (file.size > RECEIPT_MAX_BYTES) return missingPointsMessages.receiptTooLarge;
  if (file.type && !(RECEIPT_MEDIA_TYPES as readonly string[]).includes(file.type)) {
    return missingPointsMessages.receiptType;
  }
  return undefined;
}

export const claimStatusSchema = /* @__PURE__ */ (() => z.enum(['OPEN', 'GRANTED', 'REFUSED']))();
export type ClaimStatus = z.infer<typeof claimStatusSchema>;

/** A purchase as the member's records and claims describe it (YYYY-MM-DD day, pence). */
const purchaseSchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    partner: z.string(),
    partnerName: z.string(),
    purchasedOn: z.string(),
    spendPence: z.number().int(),
    reference: z.string(),
  }))();

export const claimSchema = /* @__PURE__ */ (() =>
  purchaseSchema.extend({
    status: claimStatusSchema,
    pointsGranted: z.number().int().nullable(),
    /** The operator's note of a grant or reason of a refusal. */
    operatorNote: z.string().nullable(),
    hasReceipt: z.boolean(),
    createdAt: z.string(),
    settledAt: z.string().nullable(),
  }))();
export type Claim = z.infer<typeof claimSchema>;
export const claimsResponseSchema = /* @__PURE__ */ (() =>
  z.object({
    claims: z.array(claimSchema),
    openCount: z.number().int(),
    maxOpen: z.number().int(),
  }))();
export type ClaimsResponse = z.infer<typeof claimsResponseSchema>;

/** A pending (delayed) entry: points earned, not yet in the balance. */
export const pendingEntrySchema = /* @__PURE__ */ (() =>
  purchaseSchema.extend({
    points: z.number().int(),
    expectedOn: z.string(),
  }))();
export type PendingEntry = z.infer<typeof pendingEntrySchema>;
export const pendingPointsResponseSchema = /* @__PURE__ */ (() =>
  z.object({
    total: z.number().int(),
    entries: z.array(pendingEntrySchema),
  }))();

/**
 * POST /ledger-api/missing-points answers one of three: the points are on their way (a pending entry), they are
 * already in the balance (a credited entry, with its receipt when it has one), or the claim was stored (OPEN).
 */
export const claimAnswerSchema = /* @__PURE__ */ (() =>
  z.discriminatedUnion('outcome', [
    z.object({ outcome: z.literal('PENDING'), pending: pendingEntrySchema }),
    z.object({
      outcome: z.literal('CREDITED'),
      credited: z.object({
        transactionId: z.string(),
        partnerName: z.string(),
        points: z.number().int(),
        creditedOn: z.string(),
        spendPence: z.number().int().nullable(),
        /** The digital receipt's page, when the entry has one. */
        receiptPath: z.string().nullable(),
      }),
    }),
    z.object({ outcome: z.literal('STORED'), claim: claimSchema }),
  ]))();
export type ClaimAnswer = z.infer<typeof claimAnswerSchema>;
