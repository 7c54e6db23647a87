import { PhoneNumberPage } from './phone-number-page.tsx';

export const Component = PhoneNumberPage;
