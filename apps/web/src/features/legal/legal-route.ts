import { LegalPage } from './legal-page.tsx';

export const Component = LegalPage;
