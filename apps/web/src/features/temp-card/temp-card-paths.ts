/**
 * Where the temporary-card journey goes (docs/product/registration-and-sign-in.md §R2); {prefix} is the
 * identity prefix.
 */
const prefix = '/id/start';

export const tempCardPaths = {
  signUp: `${prefix}/sign-up`,
  prompt: `${prefix}/temp-card`,
  enterEmailAddress: `${prefix}/temp-card/enter-email-address`,
  success: `${prefix}/temp-card/success`,
  /** 'Register now' goes to the card check, the first step of full registration. */
  register: `${prefix}/nectar-card-check`,
  login: `${prefix}/login`,
} as const;
