import { PlaceholderPage } from './placeholder-page.tsx';

export const Component = PlaceholderPage;
