import { CheckEmailPage } from './check-email-page.tsx';

export const Component = CheckEmailPage;
