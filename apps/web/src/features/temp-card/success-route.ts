import { SuccessPage } from './success-page.tsx';

export const Component = SuccessPage;
