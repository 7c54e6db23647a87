import { isValid as isValidPostcode, toNormalised } from 'postcode';
import { z } from 'zod';
import { isAtLeastAge } from './age.ts';
import { MINIMUM_AGE, NAME_MAX, registrationMessages } from './registration-constants.ts';

/**
 * A person's name, date of birth and postcode (docs/product/registration-and-sign-in.md §R5,
 * docs/product/signed-in-pages.md §S5), shared by registration, account management and the card lookup;
 * without registration's phone-number rules, so a page that only asks for these does not load the
 * phone-number metadata. Re-exported by ./registration.ts.
 */

// Letters of any language (with their combining marks), spaces, hyphens and apostrophes (straight or curly).
const NAME_PATTERN = /^[\p{L}\p{M}' \u2019-]+$/u;

const nameSchema = (required: string, tooLong: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .regex(NAME_PATTERN, { error: registrationMessages.nameCharacters, abort: true })
    .max(NAME_MAX, tooLong);

export const firstNameSchema = nameSchema(
  registrationMessages.firstName,
  registrationMessages.firstNameTooLong,
);
export const lastNameSchema = nameSchema(registrationMessages.lastName, registrationMessages.lastNameTooLong);

/**
 * Inserts the slashes after the 2nd and 5th characters as the person types
 * (docs/product/registration-and-sign-in.md §R5), at most 10 characters. When the person is deleting (the
 * value got shorter than `previous`) nothing is inserted, so a slash can go.
 */
export function formatDateOfBirthInput(raw: string, previous = ''): string {
  if (raw.length < previous.length) return raw.slice(0, 10);
  const digits = raw.replace(/\D/g, '').slice(0, 8);
  const day = digits.slice(0, 2);
  const month = digits.slice(2, 4);
  const year = digits.slice(4);
  if (digits.length < 2) return day;
  if (digits.length < 4) return `${day}/${month}`;
  if (digits.length === 4) return `${day}/${month}/`;
  return `${day}/${month}/${year}`;
}

/**
 * 'd/m/yyyy' (or with dashes) to 'YYYY-MM-DD' when it is a real calendar date in 1900-3000
 * (docs/product/signed-in-pages.md §S5: month 1 to 12, day valid for the month including leap years).
 */
export function parseCalendarDate(value: string): string | undefined {
  const match = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(value.trim());
  if (!match) return undefined;
  const [, dd, mm, yyyy] = match as unknown as [string, string, string, string];
  const [day, month, year] = [Number(dd), Number(mm), Number(yyyy)];
  if (year < 1900 || year > 3000 || month < 1 || month > 12 || day < 1) return undefined;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return undefined;
  return `${yyyy}-${mm.padStart(2, '0')}-${dd.padStart(2, '0')}`;
}

/** 'DD/MM/YYYY' or 'DD-MM-YYYY', as registration's field writes it (two-digit day and month), to 'YYYY-MM-DD'. */
export const parseDateOfBirth = (value: string): string | undefined =>
  /^\d{2}[/-]\d{2}[/-]\d{4}$/.test(value.trim()) ? parseCalendarDate(value) : undefined;

/** 'DD/MM/YYYY' as typed to 'DD-MM-YYYY' as sent (docs/product/registration-and-sign-in.md §R3). */
export const toSentDateOfBirth = (typed: string) => typed.trim().replaceAll('/', '-');

/** Date of birth, typed or sent; 18 or over on `today()` (docs/product/registration-and-sign-in.md §R5). */
export const dateOfBirthSchema = (today: () => Date = () => new Date()) =>
  z
    .string({ error: registrationMessages.dateOfBirth })
    .trim()
    .min(1, { error: registrationMessages.dateOfBirth, abort: true })
    .superRefine((value, ctx) => {
      const iso = parseDateOfBirth(value);
      if (!iso) ctx.addIssue({ code: 'custom', message: registrationMessages.dateOfBirthFormat });
      else if (!isAtLeastAge(iso, 0, today()))
        ctx.addIssue({ code: 'custom', message: registrationMessages.dateOfBirthFuture });
      else if (!isAtLeastAge(iso, MINIMUM_AGE, today()))
        ctx.addIssue({ code: 'custom', message: registrationMessages.under18 });
    });

export const postcodeSchema = /* @__PURE__ */ (() =>
  z
    .string({ error: registrationMessages.postcode })
    .trim()
    .min(1, { error: registrationMessages.postcode, abort: true })
    .refine((value) => isValidPostcode(value), { error: registrationMessages.postcodeFormat, abort: true })
    .transform((value) => toNormalised(value) ?? value))();
