import { CommsPage } from './comms-page.tsx';

export const Component = CommsPage;
