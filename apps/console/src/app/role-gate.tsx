import type { ReactNode } from 'react';
import type { StaffAction } from '@app/contracts/staff';
import { staffMessages } from '@app/contracts/staff';
import { useStaffSession } from '../shared/session.ts';
import { Notice } from '../shared/ui/notice.tsx';

/** A page only a role that may take `action` sees; the server refuses the calls of any other all the same. */
export function RoleGate({ action, children }: { action: StaffAction; children: ReactNode }) {
  const { may } = useStaffSession();
  if (!may(action)) return <Notice tone="warning" title={staffMessages.roleRefused} />;
  return children;
}
