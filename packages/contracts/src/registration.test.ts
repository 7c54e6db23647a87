import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  addressSearchFormSchema,
  businessDetailsFormSchema,
  businessNameSchema,
  cardCheckChoiceSchema,
  categorySchema,
  createPasswordFormSchema,
  customerDetailsFormSchema,
  dateOfBirthSchema,
  employeeBandLetter,
  employeesSchema,
  firstNameSchema,
  formatDateOfBirthInput,
  lastNameSchema,
  memorableNameSchema,
  mobileSchema,
  parseDateOfBirth,
  postcodeSchema,
  propertySchema,
  registrationPasswordSchema,
  registrationProgress,
  termsRequestSchema,
  titleSchema,
  TITLES,
  toSentDateOfBirth,
} from './registration.ts';
import { isValidMobile } from './mobile-number.ts';

/** The first message a schema gives for a value, or undefined when it passes. */
const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

const TODAY = new Date('2026-11-22T10:00:00Z');
const dob = dateOfBirthSchema(() => TODAY);

describe('registration validation rules and their messages', () => {
  it('card-check choice is required', () => {
    expect(messageOf(cardCheckChoiceSchema, undefined)).toBe('Please select an option');
    expect(messageOf(cardCheckChoiceSchema, 'no')).toBeUndefined();
  });

  it('title: one of the spec titles', () => {
    expect(TITLES).toEqual([
      'Mr',
      'Mrs',
      'Miss',
      'Ms',
      'Mx',
      'Dr',
      'Revd',
      'Sir',
      'Dame',
      'Lord',
      'Lady',
      'Earl',
      'Countess',
      'Capt.',
      'Sis.',
    ]);
    expect(messageOf(titleSchema, '')).toBe('Enter your title');
    expect(messageOf(titleSchema, 'King')).toBe('Enter your title');
    expect(messageOf(titleSchema, 'Mx')).toBeUndefined();
  });

  it.each(['José', 'Zoë', "O'Brien", 'Smith-Jones', 'Anne Marie', 'Łukasz', 'Nguyễn', '李', 'D\u2019Arcy'])(
    'accepts the name %s',
    (name) => {
      expect(messageOf(firstNameSchema, name)).toBeUndefined();
      expect(messageOf(lastNameSchema, name)).toBeUndefined();
    },
  );

  it.each([
    'Jo_e',
    'J.',
    'Smith, J',
    'Back\\slash',
    'Tick`',
    'Up^',
    'Jo(e)',
    'Jo[e]',
    'Jo{e}',
    'Jo<e>',
    'R2D2',
  ])('refuses the name %s', (name) => {
    expect(messageOf(firstNameSchema, name)).toBe('Letters, dashes, apostrophes and spaces only');
    expect(messageOf(lastNameSchema, name)).toBe('Letters, dashes, apostrophes and spaces only');
  });

  it('names: required and at most 25', () => {
    expect(messageOf(firstNameSchema, '  ')).toBe('Enter your first name');
    expect(messageOf(lastNameSchema, '')).toBe('Enter your last name');
    expect(messageOf(lastNameSchema, 'a'.repeat(25))).toBeUndefined();
    expect(messageOf(lastNameSchema, 'a'.repeat(26))).toBe('Last name must not be over 25 characters');
    expect(messageOf(firstNameSchema, 'a'.repeat(26))).toBe('First name must not be over 25 characters');
  });

  describe('date of birth', () => {
    it('empty and badly formed', () => {
      expect(messageOf(dob, '')).toBe('Enter your date of birth');
      for (const bad of ['1/2/1990', '1990-01-02', '01/02/90', 'ab/cd/efgh', '01/13/1990', '00/01/1990']) {
        expect(messageOf(dob, bad)).toBe('Enter a date of birth in correct format');
      }
    });
    it('real calendar dates only, leap days included', () => {
      expect(messageOf(dob, '29/02/2000')).toBeUndefined();
      expect(messageOf(dob, '29/02/1996')).toBeUndefined();
      expect(messageOf(dob, '29/02/1900')).toBe('Enter a date of birth in correct format');
      expect(messageOf(dob, '29/02/1999')).toBe('Enter a date of birth in correct format');
      expect(messageOf(dob, '31/04/1990')).toBe('Enter a date of birth in correct format');
      expect(messageOf(dob, '31/12/1990')).toBeUndefined();
    });
    it('years 1900 to 3000', () => {
      expect(messageOf(dob, '01/01/1900')).toBeUndefined();
      expect(messageOf(dob, '31/12/1899')).toBe('Enter a date of birth in correct format');
      expect(parseDateOfBirth('01/01/3000')).toBe('3000-01-01');
      expect(parseDateOfBirth('01/01/3001')).toBeUndefined();
      expect(messageOf(dob, '01/01/3000')).toBe('Date of birth must be in the past');
    });
    it('says a date after today is not in the past, and today itself is under 18', () => {
      expect(messageOf(dob, '23/11/2026')).toBe('Date of birth must be in the past');
      expect(messageOf(dob, '22/11/2026')).toBe('You must be over 18 years old');
    });
    it('18 on the 18th birthday, not the day before', () => {
      expect(messageOf(dob, '22/11/2008')).toBeUndefined();
      expect(messageOf(dob, '23/11/2008')).toBe('You must be over 18 years old');
      const leapToday = () => new Date('2026-02-28T12:00:00Z');
      expect(messageOf(dateOfBirthSchema(leapToday), '29/02/2008')).toBe('You must be over 18 years old');
      expect(
        messageOf(
          dateOfBirthSchema(() => new Date('2026-03-01T00:00:00Z')),
          '29/02/2008',
        ),
      ).toBeUndefined();
    });
    it('accepts the sent DD-MM-YYYY form too', () => {
      expect(toSentDateOfBirth('05/06/1980')).toBe('05-06-1980');
      expect(messageOf(dob, '05-06-1980')).toBeUndefined();
    });
    it('inserts slashes after 2 and 5 characters, at most 10', () => {
      expect(formatDateOfBirthInput('1')).toBe('1');
      expect(formatDateOfBirthInput('12')).toBe('12/');
      expect(formatDateOfBirthInput('12/0')).toBe('12/0');
      expect(formatDateOfBirthInput('12/03')).toBe('12/03/');
      expect(formatDateOfBirthInput('12031990')).toBe('12/03/1990');
      expect(formatDateOfBirthInput('12/03/19901')).toBe('12/03/1990');
      expect(formatDateOfBirthInput('12/', '12/0')).toBe('12/');
      expect(formatDateOfBirthInput('12', '12/')).toBe('12');
    });
  });

  it('business name, employees and category', () => {
    expect(messageOf(businessNameSchema, '')).toBe('Enter the name of your business');
    expect(messageOf(businessNameSchema, 'b'.repeat(30))).toBeUndefined();
    expect(messageOf(businessNameSchema, 'b'.repeat(31))).toBe(
      'Business name must not be over 30 characters',
    );
    expect(messageOf(employeesSchema, undefined)).toBe('Select number of employees');
    expect(messageOf(employeesSchema, 'J')).toBe('Select number of employees');
    expect(messageOf(categorySchema, '')).toBe('Enter what your business does');
    expect([1, 2, 9].map(employeeBandLetter)).toEqual(['A', 'B', 'I']);
    const form = businessDetailsFormSchema.safeParse({ name: '', employeesIndex: '', category: '' });
    expect(form.error?.issues.map((issue) => issue.message)).toEqual([
      'Enter the name of your business',
      'Select number of employees',
      'Enter what your business does',
    ]);
    expect(() => employeeBandLetter(0)).toThrow();
    expect(() => employeeBandLetter(10)).toThrow();
  });

  it('mobile and memorable name', () => {
    expect(messageOf(mobileSchema, '')).toBe('Enter your mobile number');
    expect(isValidMobile('07911 123456', 'GB')).toBe(true);
    expect(isValidMobile('07911 12345', 'GB')).toBe(false);
    expect(isValidMobile('hello', 'GB')).toBe(false);
    // A landline is a valid number, not a mobile one: no security code can reach it by SMS.
    expect(isValidMobile('020 7946 0000', 'GB')).toBe(false);
    expect(isValidMobile('01632 960123', 'GB')).toBe(false);
    expect(isValidMobile('0871 234567', 'IE')).toBe(true);
    expect(messageOf(memorableNameSchema, '')).toBe('Enter a memorable name');
    expect(messageOf(memorableNameSchema, 'm'.repeat(15))).toBeUndefined();
    expect(messageOf(memorableNameSchema, 'm'.repeat(16))).toBe(
      'Memorable name must not be over 15 characters',
    );
  });

  it('postcode and property', () => {
    expect(messageOf(postcodeSchema, '')).toBe('Enter your postcode');
    expect(messageOf(postcodeSchema, 'ABC')).toBe('Enter a postcode, like AA11AA');
    expect(postcodeSchema.parse('sw1a1aa')).toBe('SW1A 1AA');
    expect(messageOf(propertySchema, ' ')).toBe('Enter your property number or name');
    expect(messageOf(addressSearchFormSchema, { property: '10', postcode: 'M1 1AE' })).toBeUndefined();
  });

  it('terms checkbox', () => {
    expect(messageOf(termsRequestSchema.shape.termsAccepted, false)).toBe(
      'Confirm you agree before accepting',
    );
  });

  it('registration password rules and the mismatch message', () => {
    const rules = registrationPasswordSchema({
      firstName: 'Sam',
      lastName: 'Lee',
      email: 'sampass@example.com',
    });
    expect(messageOf(rules, 'Str0ng!Pass')).toBeUndefined();
    expect(messageOf(rules, 'Sh0rt!')).toMatch(/^Your password must: be at least 9 characters long/);
    expect(messageOf(rules, 'n0upper!case')).toContain('include an uppercase letter');
    expect(messageOf(rules, 'N0LOWER!CASE')).toContain('include a lowercase letter');
    expect(messageOf(rules, 'NoDigits!here')).toContain('include a number');
    expect(messageOf(rules, 'NoSpecial1here')).toContain('include a special character');
    expect(messageOf(rules, 'Has Space1!')).toContain('not include spaces');
    expect(
      messageOf(registrationPasswordSchema({ email: 'Str0ng!Pass@example.com' }), 'Str0ng!Pass'),
    ).toContain('be different from your name');
    expect(
      messageOf(createPasswordFormSchema, { password: 'Str0ng!Pass', confirmPassword: 'Str0ng!Pas' }),
    ).toBe('Passwords do not match.');
  });

  it('customer details form gives each field its own message', () => {
    const result = customerDetailsFormSchema(() => TODAY).safeParse({
      title: '',
      firstName: '',
      lastName: 'Smith_',
      dateOfBirth: '30/02/1990',
    });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(result.error?.issues.map((i) => [i.path[0], i.message]) ?? []);
    expect(byField).toEqual({
      title: 'Enter your title',
      firstName: 'Enter your first name',
      lastName: 'Letters, dashes, apostrophes and spaces only',
      dateOfBirth: 'Enter a date of birth in correct format',
    });
  });

  it('gives each registration step its progress bar value', () => {
    expect(registrationProgress).toMatchObject({
      'nectar-card-check': 10,
      'enter-email-address': 20,
      'check-email': 30,
      'choose-an-account': 40,
      'customer-details': 50,
      address: 60,
      'phone-number': 70,
      'create-a-password': 80,
      terms: 90,
      'get-business-offers': 100,
    });
  });
});
