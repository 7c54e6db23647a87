import { ConsentPage } from './consent-page.tsx';

export const Component = ConsentPage;
