import { NamePage } from './name-page.tsx';

export const Component = NamePage;
