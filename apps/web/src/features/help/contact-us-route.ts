import { ContactUsPage } from './contact-us-page.tsx';

export const Component = ContactUsPage;
