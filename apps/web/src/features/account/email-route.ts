import { EmailPage } from './email-page.tsx';

export const Component = EmailPage;
