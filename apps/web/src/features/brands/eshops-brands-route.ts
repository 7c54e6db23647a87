import { EshopsBrandsPage } from './eshops-brands-page.tsx';

export const Component = EshopsBrandsPage;
