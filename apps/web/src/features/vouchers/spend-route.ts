import { SpendPage } from './spend-page.tsx';

export const Component = SpendPage;
