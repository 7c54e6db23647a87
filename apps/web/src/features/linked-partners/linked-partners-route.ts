import { LinkedPartnersPage } from './linked-partners-page.tsx';

export const Component = LinkedPartnersPage;
