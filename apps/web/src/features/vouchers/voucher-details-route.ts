import { VoucherDetailsPage } from './voucher-page.tsx';

export const Component = VoucherDetailsPage;
