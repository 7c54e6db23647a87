import { isValidPhoneNumber, type CountryCode } from 'libphonenumber-js/mobile';

/**
 * A mobile number of that country (libphonenumber's mobile metadata: a landline is not one). In a module of
 * its own, so that a page that reads registration's or the account's schemas does not load the metadata.
 */
export const isValidMobile = (phoneNumber: string, countryCode: string): boolean => {
  try {
    return isValidPhoneNumber(phoneNumber.trim(), countryCode as CountryCode);
  } catch {
    return false;
  }
};
