import { PodsPage } from './pods-page.tsx';

export const Component = PodsPage;
