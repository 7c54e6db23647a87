import { AutoLoginPage } from './auto-login-page.tsx';

export const Component = () => <AutoLoginPage heading="Confirming your registration" />;
