import { SignUpPage } from './sign-up-page.tsx';

export const Component = SignUpPage;
