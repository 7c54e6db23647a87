import { CreatePasswordPage } from './create-password-page.tsx';

export const Component = CreatePasswordPage;
