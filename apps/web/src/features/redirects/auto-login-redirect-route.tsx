import { AutoLoginPage } from './auto-login-page.tsx';

export const Component = () => <AutoLoginPage heading="Logging you in" />;
