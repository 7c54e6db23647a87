import { describe, expect, it } from 'vitest';
import { emailSchema } from './email.ts';

const messageOf = (value: unknown) => emailSchema.safeParse(value).error?.issues[0]?.message;

describe('email rule of the registration email step and the temporary card', () => {
  it('says what is missing, then what is wrong', () => {
    expect(messageOf('')).toBe('Please enter your email address');
    expect(messageOf('   ')).toBe('Please enter your email address');
    expect(messageOf(undefined)).toBe('Please enter your email address');
    expect(messageOf('sam')).toBe('Please enter valid email');
    expect(messageOf('sam@example')).toBe('Please enter valid email');
    expect(messageOf(`${'a'.repeat(250)}@example.com`)).toBe('Please enter valid email');
  });

  it('accepts an address and trims it', () => {
    expect(emailSchema.parse('  Sam.Jones+nectar@example.co.uk ')).toBe('Sam.Jones+nectar@example.co.uk');
  });
});
