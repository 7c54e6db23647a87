import { VoucherPage } from './voucher-page.tsx';

export const Component = VoucherPage;
