import { CloseAccountPage } from './close-account-page.tsx';

export const Component = CloseAccountPage;
