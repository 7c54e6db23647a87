import { SsoRedirectionPage } from './sso-redirection-page.tsx';

export const Component = SsoRedirectionPage;
