import { useEffect, type RefObject } from 'react';

/**
 * After a submit that found errors, the keyboard focus goes to the first field marked invalid
 * (`aria-invalid="true"`) in the form, so that a keyboard or screen-reader user lands on what to fix, as
 * react-hook-form's forms do. `errors` is the form's error state: a new object on each refused submit.
 */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>, errors: object) {
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, errors]);
}
