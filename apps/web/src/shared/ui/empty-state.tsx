import Inbox from 'lucide-react/icons/inbox';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import './ui.css';

/** What an empty list says, the same way everywhere: a quiet icon, one sentence, and the way on if any. */
export function EmptyState({
  icon: Icon = Inbox,
  children,
  action,
}: {
  icon?: LucideIcon;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="empty-state">
      <Icon className="empty-state__icon" aria-hidden="true" size={28} />
      <p>{children}</p>
      {action}
    </div>
  );
}
