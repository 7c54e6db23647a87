import type { ReactNode } from 'react';

type Tone = 'error' | 'success' | 'info' | 'warning';

/**
 * A message box in the tokens' feedback colours. An error is announced at once (`role="alert"`); the others
 * politely (`role="status"`), so a result is read out without taking the reader away from where they are.
 */
export function Notice({ tone, title, children }: { tone: Tone; title?: string; children?: ReactNode }) {
  return (
    <div className={`notice notice--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {title && <p className="notice__title">{title}</p>}
      {children && <div className="notice__body">{children}</div>}
    </div>
  );
}
