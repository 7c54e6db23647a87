import { useId } from 'react';
import './ui.css';

export interface ToggleProps {
  label: string;
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

/** An on/off switch announced as a switch to screen readers. */
export function Toggle({ label, description, checked, onChange, disabled }: ToggleProps) {
  const id = useId();
  return (
    <div className="toggle">
      <span>
        <span id={`${id}-label`} className="field__label">
          {label}
        </span>
        {description ? (
          <span id={`${id}-description`} className="field__description" style={{ display: 'block' }}>
            {description}
          </span>
        ) : null}
      </span>
      <button
        type="button"
        role="switch"
        className="toggle__switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-description` : undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
      />
    </div>
  );
}
