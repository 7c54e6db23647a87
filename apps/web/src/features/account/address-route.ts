import { AddressPage } from './address-page.tsx';

export const Component = AddressPage;
