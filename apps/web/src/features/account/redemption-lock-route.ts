import { RedemptionLockPage } from './redemption-lock-page.tsx';

export const Component = RedemptionLockPage;
