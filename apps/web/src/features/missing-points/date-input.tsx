import type { UseFormRegisterReturn } from 'react-hook-form';
import { DATE_PARTS, type DatePart } from '@app/contracts/missing-points';

const PART_LABELS: Record<DatePart, string> = { day: 'Day', month: 'Month', year: 'Year' };

export interface DateInputProps {
  /** The boxes' ids are `${id}-day`, `${id}-month` and `${id}-year`. */
  id: string;
  legend: string;
  hint: string;
  /** The date's one message, shown for the group. */
  error?: string;
  /** The boxes at fault, marked aria-invalid and drawn in the error colour. */
  invalid: Partial<Record<DatePart, boolean>>;
  fields: Record<DatePart, UseFormRegisterReturn>;
}

/**
 * A date as UK members type it on GOV.UK's services: three labelled boxes, Day, Month and Year, in one fieldset
 * whose legend names the date, with a hint and one error for the group. Numbers only (inputmode numeric); not
 * the browser's date picker, which shows the browser's locale (mm/dd/yyyy in a US-set Chromium).
 */
export function DateInput({ id, legend, hint, error, invalid, fields }: DateInputProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <fieldset
      className={`field date-input${error ? ' field--invalid' : ''}`}
      aria-describedby={error ? `${hintId} ${errorId}` : hintId}
    >
      <legend className="field__label">{legend}</legend>
      <span className="field__description" id={hintId}>
        {hint}
      </span>
      <div className="date-input__items">
        {DATE_PARTS.map((part) => (
          <div className="date-input__item" key={part}>
            <label className="date-input__label" htmlFor={`${id}-${part}`}>
              {PART_LABELS[part]}
            </label>
            <input
              {...fields[part]}
              id={`${id}-${part}`}
              className={`date-input__input date-input__input--${part}`}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              spellCheck={false}
              aria-invalid={invalid[part] ? true : undefined}
            />
          </div>
        ))}
      </div>
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
