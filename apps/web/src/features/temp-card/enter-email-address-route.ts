import { EnterEmailAddressPage } from './enter-email-address-page.tsx';

export const Component = EnterEmailAddressPage;
