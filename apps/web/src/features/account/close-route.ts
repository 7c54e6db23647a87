import { ClosePage } from './close-page.tsx';

export const Component = ClosePage;
