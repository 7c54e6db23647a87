import { HowToGetPricesPage } from './how-to-get-prices-page.tsx';

export const Component = HowToGetPricesPage;
