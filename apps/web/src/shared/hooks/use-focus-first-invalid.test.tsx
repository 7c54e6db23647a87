import { render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { useFocusFirstInvalid } from './use-focus-first-invalid.ts';

function Form({ errors }: { errors: Partial<Record<'first' | 'last', string>> }) {
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, errors);
  return (
    <form ref={form}>
      <label>
        First name
        <input aria-invalid={errors.first ? true : undefined} />
      </label>
      <label>
        Last name
        <input aria-invalid={errors.last ? true : undefined} />
      </label>
    </form>
  );
}

describe('useFocusFirstInvalid', () => {
  it('focuses the first invalid field after a refused submit, and nothing when there is no error', () => {
    const { rerender } = render(<Form errors={{}} />);
    expect(document.body).toHaveFocus();
    rerender(<Form errors={{ first: 'Enter your first name', last: 'Letters only' }} />);
    expect(screen.getByLabelText('First name')).toHaveFocus();
    screen.getByLabelText('Last name').focus();
    rerender(<Form errors={{ last: 'Letters only' }} />);
    expect(screen.getByLabelText('Last name')).toHaveFocus();
  });
});
