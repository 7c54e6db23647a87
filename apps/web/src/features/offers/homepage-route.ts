import { HomepagePage } from './homepage-page.tsx';

export const Component = HomepagePage;
