import { ConfirmIdentityEmailPage } from './confirm-identity-email-page.tsx';

export const Component = ConfirmIdentityEmailPage;
