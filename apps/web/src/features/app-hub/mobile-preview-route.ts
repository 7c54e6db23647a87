import { MobilePreviewPage } from './app-hub-pages.tsx';

export const Component = MobilePreviewPage;
