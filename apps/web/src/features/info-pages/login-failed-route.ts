import { LoginFailedPage } from './status-pages.tsx';

export const Component = LoginFailedPage;
