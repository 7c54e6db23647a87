import { AccountReplaceCardPage } from './account-replace-card-page.tsx';

export const Component = AccountReplaceCardPage;
