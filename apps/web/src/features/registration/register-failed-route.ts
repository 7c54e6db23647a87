import { RegisterFailedPage } from './register-failed-page.tsx';

export const Component = RegisterFailedPage;
