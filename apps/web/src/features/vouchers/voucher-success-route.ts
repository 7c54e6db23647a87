import { VoucherSuccessPage } from './voucher-success-page.tsx';

export const Component = VoucherSuccessPage;
