import { DeleteAccountPage } from './close-account-page.tsx';

export const Component = DeleteAccountPage;
