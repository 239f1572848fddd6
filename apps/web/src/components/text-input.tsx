import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import './text-input.css';

export type TextInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'placeholder' | 'ref'> & {
  id: string;
  label: ReactNode;
  helperText?: ReactNode;
  error?: boolean;
  fullWidth?: boolean;
  required?: boolean;
  /** Shown inside the field after the text, e.g. a show-password button. */
  endAdornment?: ReactNode;
  /** The <input> (react-hook-form's `register` passes its ref here). */
  ref?: Ref<HTMLInputElement>;
};

/**
 * An outlined text field (label, input, helper or error text): MUI's outlined text field, drawn with a native <input> and CSS only (text-input.css). OutlinedInput, InputBase and
 * FormControl (and MUI itself) would cost the sign-in page about 9 kB gzip for features it does not need (multiline,
 * adornments by context, autofill events): controlled and uncontrolled (react-hook-form) inputs behave alike without
 * re-rendering. Sizes, colours and transitions are MUI's; the DOM keeps the label before the input.
 */
export function TextInput({
  id,
  label,
  helperText,
  error = false,
  fullWidth = false,
  required = false,
  endAdornment,
  ref,
  ...input
}: TextInputProps) {
  const helperId = helperText ? `${id}-helper-text` : undefined;
  const flag = (on: boolean | undefined) => (on ? '' : undefined);
  const asterisk = required ? '\u2009*' : null;
  return (
    <div className="portal-field" data-full-width={flag(fullWidth)} data-error={flag(error)} data-disabled={flag(input.disabled)}>
      <label htmlFor={id}>
        {label}
        {asterisk && <span aria-hidden="true">{asterisk}</span>}
      </label>
      <div data-end-adornment={flag(Boolean(endAdornment))}>
        {/* The blank placeholder is what `:placeholder-shown` (an empty field) tests; it is never visible. */}
        <input {...input} ref={ref} id={id} placeholder=" " required={required} aria-invalid={error} aria-describedby={helperId} />
        {endAdornment && <div data-adornment="">{endAdornment}</div>}
        <fieldset aria-hidden="true">
          <legend>
            <span>
              {label}
              {asterisk}
            </span>
          </legend>
        </fieldset>
      </div>
      {helperText && <p id={helperId}>{helperText}</p>}
    </div>
  );
}
