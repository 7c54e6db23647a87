import { LogoutPage } from './logout-page.tsx';

export const Component = LogoutPage;
