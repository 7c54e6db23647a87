import { QuestsTermsPage } from './quests-pages.tsx';

export const Component = QuestsTermsPage;
