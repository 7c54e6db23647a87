import { BrandsPage } from './brands-page.tsx';

export const Component = BrandsPage;
