import { RegisterHelpPage } from './register-help-page.tsx';

export const Component = RegisterHelpPage;
