import type { ReactNode } from 'react';

/** The frame of the pages before sign-in: the console's name over one card, in `main`. */
export function AuthFrame({ children, wide }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="auth">
      <header className="auth__header">
        <span className="console-brand console-brand--dark">
          <span className="console-brand__mark" aria-hidden="true" />
          Staff console
        </span>
      </header>
      <main id="main" className={wide ? 'auth__card auth__card--wide' : 'auth__card'}>
        {children}
      </main>
    </div>
  );
}
