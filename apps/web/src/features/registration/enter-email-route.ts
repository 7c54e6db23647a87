import { EnterEmailPage } from './enter-email-page.tsx';

export const Component = EnterEmailPage;
