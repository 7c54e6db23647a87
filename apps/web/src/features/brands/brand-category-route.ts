import { BrandCategoryPage } from './brand-category-page.tsx';

export const Component = BrandCategoryPage;
