import { MobilePage } from './mobile-page.tsx';

export const Component = MobilePage;
