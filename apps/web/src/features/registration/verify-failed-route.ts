import { VerifyFailedPage } from './verify-failed-page.tsx';

export const Component = VerifyFailedPage;
