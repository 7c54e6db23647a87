import { ServiceUnavailablePage } from './status-pages.tsx';

export const Component = ServiceUnavailablePage;
