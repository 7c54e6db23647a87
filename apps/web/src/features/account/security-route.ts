import { SecurityPage } from './security-page.tsx';

export const Component = SecurityPage;
