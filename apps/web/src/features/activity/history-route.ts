import { HistoryPage } from './history-page.tsx';

export const Component = HistoryPage;
