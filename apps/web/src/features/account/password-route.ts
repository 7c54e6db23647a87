import { PasswordPage } from './password-page.tsx';

export const Component = PasswordPage;
