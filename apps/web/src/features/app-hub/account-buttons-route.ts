import { AccountButtonsPage } from './app-hub-pages.tsx';

export const Component = AccountButtonsPage;
