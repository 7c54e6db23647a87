import { OpenAppPage } from './app-hub-pages.tsx';

export const Component = OpenAppPage;
