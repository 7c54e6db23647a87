import FileImage from 'lucide-react/icons/file-image';
import FileText from 'lucide-react/icons/file-text';
import Upload from 'lucide-react/icons/upload';
import { useId, type Ref } from 'react';
import { RECEIPT_ACCEPT } from '@app/contracts/missing-points';
import { Button } from '../../shared/ui/button.tsx';
import { fileSize } from './format.ts';

export interface ReceiptFieldProps {
  id: string;
  label: string;
  hint: string;
  file?: File;
  error?: string;
  inputRef: Ref<HTMLInputElement>;
  onChoose: (file: File) => void;
  onRemove: () => void;
}

/**
 * The receipt's file picker as part of the product: the file input is visually hidden but keeps the focus, the
 * label, hint and error (its ring shows on the secondary-button label drawn for it), and the chosen file's name
 * and size sit beside it with a Remove button.
 */
export function ReceiptField({
  id,
  label,
  hint,
  file,
  error,
  inputRef,
  onChoose,
  onRemove,
}: ReceiptFieldProps) {
  const labelId = useId();
  const chooseId = useId();
  const hintId = useId();
  const fileId = useId();
  const errorId = useId();
  const Icon = file?.type === 'application/pdf' ? FileText : FileImage;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" id={labelId} htmlFor={id}>
        {label}
      </label>
      <span className="field__description" id={hintId}>
        {hint}
      </span>
      <div className="file-picker">
        <input
          ref={inputRef}
          id={id}
          className="visually-hidden file-picker__input"
          type="file"
          accept={RECEIPT_ACCEPT}
          aria-labelledby={`${labelId} ${chooseId}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, file ? fileId : '', error ? errorId : ''].filter(Boolean).join(' ')}
          onChange={(event) => {
            // A closed dialog (Cancel) chooses nothing: the file already chosen stays.
            const chosen = event.currentTarget.files?.[0];
            if (chosen) onChoose(chosen);
          }}
        />
        <label className="button button--secondary file-picker__choose" id={chooseId} htmlFor={id}>
          <Upload aria-hidden="true" size={18} />
          {file ? 'Choose another file' : 'Choose a photo or PDF'}
        </label>
        {file ? (
          <div className="file-picker__chosen">
            <Icon className="file-picker__icon" aria-hidden="true" size={20} />
            <span className="file-picker__file" id={fileId}>
              <span className="file-picker__name">{file.name}</span>{' '}
              <span className="file-picker__size">{fileSize(file.size)}</span>
            </span>
            <Button variant="link" className="file-picker__remove" onClick={onRemove}>
              Remove<span className="visually-hidden"> {file.name}</span>
            </Button>
          </div>
        ) : null}
      </div>
      {error ? (
        <span className="field__error" id={errorId}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
