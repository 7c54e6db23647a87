import { AdvertisingPage } from './advertising-page.tsx';

export const Component = AdvertisingPage;
