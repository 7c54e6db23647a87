import { ConnectPage } from './app-hub-pages.tsx';

export const Component = ConnectPage;
