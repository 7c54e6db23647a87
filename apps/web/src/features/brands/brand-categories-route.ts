import { BrandCategoriesPage } from './brand-categories-page.tsx';

export const Component = BrandCategoriesPage;
