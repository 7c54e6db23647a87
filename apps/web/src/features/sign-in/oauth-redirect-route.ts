import { OauthRedirectPage } from './oauth-redirect-page.tsx';

export const Component = OauthRedirectPage;
