import { QuestsPage } from './quests-pages.tsx';

export const Component = QuestsPage;
