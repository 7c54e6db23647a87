import { AccountDeletedPage } from './account-deleted-page.tsx';

export const Component = AccountDeletedPage;
