import { StatisticsPage } from './statistics-page.tsx';

export const Component = StatisticsPage;
