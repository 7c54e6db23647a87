/**
 * The /progressive identity calls of registration (docs/product/calls-and-errors.md §R7); no zod in this
 * file.
 */
export const progressivePaths = {
  cardCheck: '/progressive/card-check',
  /** The card check through the bot-check API: its token in an `X-Recaptcha: Bearer` header. */
  cardCheckBotChecked: '/recaptcha/progressive/card-check',
  /** A registered card's login through the identity provider (redirects to its card-number login). */
  identityLogin: '/progressive/identity-login',
  emailCheck: '/progressive/email-check',
  emailCheckResend: '/progressive/email-check-resend',
  emailCheckConfirm: '/progressive/email-check-confirm',
  identityEmailCheckConfirm: '/progressive/identity-email-check-confirm',
  accountChoice: '/progressive/account-choice',
  verifyAnalogueNectar: '/progressive/verify-analogue-nectar',
  customerDetails: '/progressive/customer-details',
  addressFind: '/progressive/address-find',
  address: '/progressive/address',
  phoneCheck: '/progressive/phone-check',
  passwordValidation: '/progressive/password-validation',
  confirmRegistration: '/progressive/confirm-registration',
  signUpStatus: '/progressive/sign-up-status',
  ready: '/progressive/ready',
  autoLogin: '/progressive/auto-login',
  businessLookup: '/progressive/business-lookup',
  businessDetails: '/progressive/business-details',
  businessOffers: '/progressive/business-offers',
} as const;
