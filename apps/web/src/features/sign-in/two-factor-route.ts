import { TwoFactorPage } from './two-factor-page.tsx';

export const Component = TwoFactorPage;
