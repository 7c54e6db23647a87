import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

interface FrameProps {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string | undefined;
}

/**
 * A field's frame: its label, its hint and its error, both read out with the control (`aria-describedby`).
 * `control` draws the control with the id and the attributes that tie it to them.
 */
function FieldFrame({
  label,
  hint,
  error,
  className,
  control,
}: FrameProps & {
  control: (tie: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={['field', error ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {control({
        id,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(described ? { 'aria-describedby': described } : {}),
      })}
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

type FieldProps = FrameProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>;

/** A labelled input with its hint and its error. */
export function Field({ label, hint, error, className, ...input }: FieldProps) {
  return (
    <FieldFrame
      {...{ label, hint, error, className }}
      control={(tie) => <input className="field__input" {...tie} {...input} />}
    />
  );
}

type TextAreaFieldProps = FrameProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> & {
    ref?: Ref<HTMLTextAreaElement>;
  };

/** A labelled text area (two rows, at most 200 characters unless said) with its hint and its error. */
export function TextAreaField({ label, hint, error, className, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame
      {...{ label, hint, error, className }}
      control={(tie) => <textarea className="field__input" rows={2} maxLength={200} {...tie} {...textarea} />}
    />
  );
}

type SelectFieldProps = FrameProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'>;

/** A labelled list to choose from (its `option`s as children) with its hint and its error. */
export function SelectField({ label, hint, error, className, children, ...select }: SelectFieldProps) {
  return (
    <FieldFrame
      {...{ label, hint, error, className }}
      control={(tie) => (
        <select className="field__input" {...tie} {...select}>
          {children}
        </select>
      )}
    />
  );
}
