import { EnterPasswordPage } from './enter-password-page.tsx';

export const Component = EnterPasswordPage;
