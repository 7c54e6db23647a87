import { LinkedPartnerBrandPage } from './linked-partner-brand-page.tsx';

export const Component = LinkedPartnerBrandPage;
