import { useId } from 'react';
import './ui.css';

export interface RadioOption<T extends string> {
  value: T;
  label: string;
  hint?: string;
}

export interface RadioGroupProps<T extends string> {
  legend: string;
  name: string;
  options: readonly RadioOption<T>[];
  value: T | undefined;
  onChange: (value: T) => void;
  error?: string;
  /** `chips`: a compact row of choices (one scrolling line on a phone), for filters. */
  variant?: 'plain' | 'cards' | 'chips';
  hideLegend?: boolean;
}

export function RadioGroup<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  error,
  variant = 'plain',
  hideLegend,
}: RadioGroupProps<T>) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  const choices = options.map((option) => (
    <label className="radio" key={option.value}>
      <input
        type="radio"
        name={name}
        value={option.value}
        checked={value === option.value}
        onChange={() => onChange(option.value)}
      />
      <span>
        {option.label}
        {option.hint ? <span className="field__description"> {option.hint}</span> : null}
      </span>
    </label>
  ));
  return (
    <fieldset
      className={`radio-group${variant === 'plain' ? '' : ` radio-group--${variant}`}`}
      aria-describedby={errorId}
      aria-invalid={error ? true : undefined}
    >
      <legend className={hideLegend ? 'visually-hidden' : undefined}>{legend}</legend>
      {variant === 'chips' ? <div className="radio-group__chips">{choices}</div> : choices}
      {error ? (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
