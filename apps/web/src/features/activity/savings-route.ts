import { SavingsPage } from './savings-page.tsx';

export const Component = SavingsPage;
