import { LocatorPage } from './locator-page.tsx';

export const Component = LocatorPage;
