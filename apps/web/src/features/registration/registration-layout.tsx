import type { ReactNode } from 'react';
import { registrationProgress, type RegistrationStep } from '@app/contracts/registration-constants';
import { ProgressBar } from '../../shared/ui/progress-bar.tsx';
import './registration.css';

/**
 * Every registration step: its progress bar value of docs/product/registration-and-sign-in.md §R2, then the
 * step's panel.
 */
export function RegistrationLayout({
  step,
  heading,
  children,
}: {
  step: RegistrationStep;
  heading: string;
  children: ReactNode;
}) {
  return (
    <main id="main" className="page registration">
      <ProgressBar value={registrationProgress[step]} label="Registration progress" />
      <section className="registration__panel" aria-labelledby="registration-heading">
        <h1 id="registration-heading">{heading}</h1>
        {children}
      </section>
    </main>
  );
}

/** A server error shown above the submit button. */
export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <div className="registration__notice registration__notice--error" role="alert">
      <p>{message}</p>
    </div>
  );
}
