import { WelcomePage } from './welcome-page.tsx';

export const Component = WelcomePage;
