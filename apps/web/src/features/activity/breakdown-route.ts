import { BreakdownPage } from './breakdown-page.tsx';

export const Component = BreakdownPage;
