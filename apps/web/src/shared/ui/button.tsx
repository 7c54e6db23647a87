import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner.tsx';
import './ui.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'link';
  fullWidth?: boolean;
  /** Shows a spinner in the button and ignores further clicks while work is under way. */
  loading?: boolean;
}

export function Button({
  variant = 'primary',
  fullWidth,
  loading = false,
  className,
  children,
  type = 'button',
  onClick,
  ...rest
}: ButtonProps) {
  const classes = ['button', `button--${variant}`, fullWidth ? 'button--full' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button
      {...rest}
      type={type}
      className={classes}
      aria-busy={loading || undefined}
      onClick={(event) => {
        if (loading) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    >
      {loading ? <Spinner label="Please wait" /> : null}
      <span>{children}</span>
    </button>
  );
}
