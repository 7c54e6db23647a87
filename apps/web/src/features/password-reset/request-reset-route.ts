import { RequestResetPage } from './request-reset-page.tsx';

export const Component = RequestResetPage;
