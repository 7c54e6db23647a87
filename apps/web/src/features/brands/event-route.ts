import { EventPage } from './event-page.tsx';

export const Component = EventPage;
