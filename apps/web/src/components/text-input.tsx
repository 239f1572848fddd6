import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { ReactNode, Ref } from 'react';

export type TextInputProps = Omit<OutlinedInputProps, 'label' | 'error' | 'ref' | 'inputRef'> & {
  id: string;
  label: ReactNode;
  helperText?: ReactNode;
  error?: boolean;
  fullWidth?: boolean;
  required?: boolean;
  /** The <input> (react-hook-form's `register` passes its ref here). */
  ref?: Ref<HTMLInputElement>;
};

/**
 * An outlined text field built from MUI's parts. MUI's TextField also supports `select`, which pulls the Select,
 * Menu, Popover and Modal code into every page with a form; the sign-in pages only need this.
 */
export function TextInput({ id, label, helperText, error = false, fullWidth = false, required = false, ref, ...input }: TextInputProps) {
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" fullWidth={fullWidth} error={error} required={required} disabled={input.disabled ?? false}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        inputRef={ref}
        required={required}
        label={required ? <>{label}&thinsp;*</> : label}
        aria-describedby={helperId}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
