import { AccountPage } from './account-page.tsx';

export const Component = AccountPage;
