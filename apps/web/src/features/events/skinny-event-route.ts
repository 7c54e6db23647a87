import { SkinnyEventPage } from './event-pages.tsx';

export const Component = SkinnyEventPage;
