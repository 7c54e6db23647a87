import { REGISTRATION_PREFIX } from '@app/contracts/registration-constants';

/** The registration pages under {prefix} (docs/product/registration-and-sign-in.md §R2). */
export const registrationPaths = {
  cardCheck: `${REGISTRATION_PREFIX}/nectar-card-check`,
  enterCollectorId: `${REGISTRATION_PREFIX}/enter-collector-id`,
  enterEmail: `${REGISTRATION_PREFIX}/enter-email-address`,
  checkEmail: `${REGISTRATION_PREFIX}/check-email`,
  chooseAccount: `${REGISTRATION_PREFIX}/choose-an-account`,
  businessDetails: `${REGISTRATION_PREFIX}/business-details`,
  customerDetails: `${REGISTRATION_PREFIX}/customer-details`,
  address: `${REGISTRATION_PREFIX}/address`,
  phoneNumber: `${REGISTRATION_PREFIX}/phone-number`,
  createPassword: `${REGISTRATION_PREFIX}/create-a-password`,
  terms: `${REGISTRATION_PREFIX}/terms`,
  success: `${REGISTRATION_PREFIX}/success`,
  getBusinessOffers: `${REGISTRATION_PREFIX}/get-business-offers`,
  verifyFailed: `${REGISTRATION_PREFIX}/verify-failed`,
  login: `${REGISTRATION_PREFIX}/login`,
  registerFailed: '/register-failed',
} as const;
