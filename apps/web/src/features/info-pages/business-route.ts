import { BusinessPage } from './business-pages.tsx';

export const Component = BusinessPage;
