import { ConfirmResetPage } from './confirm-reset-page.tsx';

export const Component = ConfirmResetPage;
