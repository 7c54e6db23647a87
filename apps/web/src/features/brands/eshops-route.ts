import { EshopsPage } from './eshops-page.tsx';

export const Component = EshopsPage;
