import { ConfirmEmailPage } from './confirm-email-page.tsx';

export const Component = ConfirmEmailPage;
