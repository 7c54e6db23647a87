import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import Info from 'lucide-react/icons/info';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import type { ReactNode } from 'react';
import './ui.css';

export type AlertTone = 'error' | 'success' | 'info' | 'warning';

const icons = { error: CircleAlert, success: CircleCheck, info: Info, warning: TriangleAlert };

export interface AlertProps {
  tone?: AlertTone;
  /** A short bold first line, when the message needs one. */
  title?: ReactNode;
  children?: ReactNode;
  /**
   * How a screen reader hears it: an error is announced at once (`alert`), a confirmation or note politely
   * (`status`); `none` for a message that is on the page from the start and needs no announcement.
   */
  live?: 'alert' | 'status' | 'none';
  className?: string;
  id?: string;
}

/** The one message box of the product: an icon, the tone's colour, optional title; errors are announced. */
export function Alert({ tone = 'error', title, children, live, className, id }: AlertProps) {
  const Icon = icons[tone];
  const announced = live ?? (tone === 'error' ? 'alert' : 'status');
  const role = announced === 'none' ? undefined : announced;
  return (
    <div id={id} role={role} className={['alert', `alert--${tone}`, className].filter(Boolean).join(' ')}>
      <Icon className="alert__icon" aria-hidden="true" size={20} strokeWidth={2.25} />
      <div className="alert__body">
        {title ? <p className="alert__title">{title}</p> : null}
        {children}
      </div>
    </div>
  );
}
