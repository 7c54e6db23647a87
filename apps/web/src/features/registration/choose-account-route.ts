import { ChooseAccountPage } from './choose-account-page.tsx';

export const Component = ChooseAccountPage;
