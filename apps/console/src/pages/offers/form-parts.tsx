import { useId, type ReactNode } from 'react';
import type { FieldErrors, OfferFormValues } from './offer-form-state.ts';

/** Sets one value of the offer form. */
export type SetValue = <K extends keyof OfferFormValues>(key: K, value: OfferFormValues[K]) => void;

/** What each part of the form is given: the values, the refusals beside them, and the setter. */
export interface FormPartProps {
  values: OfferFormValues;
  errors: FieldErrors;
  set: SetValue;
}

/** A choice of one among a few, as radio buttons under a legend, each with its line of explanation. */
export function RadioChoice<Value extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  error,
  columns,
}: {
  legend: string;
  name: string;
  options: { value: Value; label: string; hint?: string }[];
  value: Value;
  onChange: (value: Value) => void;
  error?: string | undefined;
  /** Options side by side on a wide screen (cards), instead of one under the other. */
  columns?: boolean;
}) {
  const id = useId();
  return (
    <fieldset
      className={['choice', columns ? 'choice--cards' : '', error ? 'field--invalid' : ''].join(' ')}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="field__label">{legend}</legend>
      <div className="choice__options">
        {options.map((option) => (
          <label key={option.value} className="choice__option">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              aria-describedby={option.hint ? `${id}-${option.value}` : undefined}
            />
            <span>
              {option.label}
              {option.hint && (
                <span className="field__hint choice__hint" id={`${id}-${option.value}`}>
                  {option.hint}
                </span>
              )}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** One part of the form: a panel under its heading, with a line on what it decides. */
export function FormSection({
  id,
  title,
  lead,
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  children: ReactNode;
}) {
  return (
    <section className="panel offer-form__section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {lead && <p className="offer-form__lead">{lead}</p>}
      <div className="stack">{children}</div>
    </section>
  );
}
