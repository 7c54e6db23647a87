import { BrandsSearchPage } from './brands-search-page.tsx';

export const Component = BrandsSearchPage;
