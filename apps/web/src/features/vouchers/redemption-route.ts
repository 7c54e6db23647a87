import { RedemptionPage } from './redemption-page.tsx';

export const Component = RedemptionPage;
