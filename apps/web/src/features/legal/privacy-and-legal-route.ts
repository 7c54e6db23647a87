import { PrivacyAndLegalPage } from './privacy-and-legal-page.tsx';

export const Component = PrivacyAndLegalPage;
