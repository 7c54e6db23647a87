import { useId, useState, type InputHTMLAttributes, type Ref } from 'react';
import './ui.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix'> {
  label: string;
  description?: string;
  error?: string;
  /** A fixed prefix shown before the input, such as the card prefix 98263000. */
  prefix?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * The shared input of docs/product/signed-in-pages.md §S2.6: label, description, error below with
 * role="alert", optional fixed prefix, max length, and for passwords a Show/Hide toggle that hides again when
 * the field loses focus.
 */
export function TextField({
  label,
  description,
  error,
  prefix,
  type = 'text',
  id,
  onBlur,
  ref,
  ...rest
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const descriptionId = description ? `${inputId}-description` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const prefixId = prefix ? `${inputId}-prefix` : undefined;
  const isPassword = type === 'password';
  const [shown, setShown] = useState(false);

  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      {description ? (
        <span className="field__description" id={descriptionId}>
          {description}
        </span>
      ) : null}
      <div className="field__control">
        {prefix ? (
          <span className="field__prefix" id={prefixId}>
            {prefix}
          </span>
        ) : null}
        <input
          {...rest}
          ref={ref}
          id={inputId}
          type={isPassword && shown ? 'text' : type}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={[prefixId, descriptionId, errorId].filter(Boolean).join(' ') || undefined}
          onBlur={(event) => {
            // A shown password hides again when focus leaves the field, unless it moved to the toggle.
            if (isPassword && !event.currentTarget.parentElement?.contains(event.relatedTarget)) {
              setShown(false);
            }
            onBlur?.(event);
          }}
        />
        {isPassword ? (
          <button
            type="button"
            className="field__toggle"
            aria-pressed={shown}
            aria-controls={inputId}
            onClick={() => setShown((value) => !value)}
            onBlur={(event) => {
              if (event.relatedTarget !== event.currentTarget.parentElement?.querySelector('input'))
                setShown(false);
            }}
          >
            {shown ? 'Hide' : 'Show'}
            <span className="visually-hidden"> password</span>
          </button>
        ) : null}
      </div>
      {error ? (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
