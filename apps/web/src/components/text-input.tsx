import { styled } from '@mui/material/styles';
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

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

/*
 * MUI's outlined text field, drawn with a native <input> and CSS only. OutlinedInput/InputBase/FormControl cost
 * about 9 kB gzip on the sign-in page, which needs none of their features (multiline, adornments by context,
 * autofill events): the label floats and the outline opens its notch by CSS (`:focus`, `:placeholder-shown`,
 * `:autofill`), so controlled and uncontrolled (react-hook-form) inputs behave alike without re-rendering.
 * Sizes, colours and transitions are MUI's (outlined variant, medium size); the DOM keeps the label before the input.
 */
const easeOut = 'cubic-bezier(0.0, 0, 0.2, 1)';
/** The label floats and the notch opens while the field has focus, text (no placeholder shown) or autofill. */
const shrunk = '&:has(input:focus, input:not(:placeholder-shown), input:autofill)';

const Field = styled('div')(({ theme }) => {
  const { palette, shape } = theme.vars ?? theme;
  const outline = theme.vars ? theme.alpha(theme.vars.palette.common.onBackground, 0.23) : 'rgba(0, 0, 0, 0.23)';
  return {
    display: 'inline-flex',
    flexDirection: 'column',
    position: 'relative',
    minWidth: 0,
    verticalAlign: 'top',
    '&[data-full-width], &[data-full-width] > div': { width: '100%' },
    // InputLabel (outlined)
    '& > label': {
      ...theme.typography.body1,
      lineHeight: '1.4375em',
      color: palette.text.secondary,
      position: 'absolute',
      left: 0,
      top: 0,
      zIndex: 1,
      display: 'block',
      maxWidth: 'calc(100% - 24px)',
      overflow: 'hidden',
      whiteSpace: 'nowrap',
      textOverflow: 'ellipsis',
      pointerEvents: 'none',
      transformOrigin: 'top left',
      transform: 'translate(14px, 16px) scale(1)',
      transition: `color 200ms ${easeOut}, transform 200ms ${easeOut}, max-width 200ms ${easeOut}`,
    },
    [`${shrunk} > label`]: {
      userSelect: 'none',
      pointerEvents: 'auto',
      maxWidth: 'calc(133% - 32px)',
      transform: 'translate(14px, -9px) scale(0.75)',
    },
    // OutlinedInput
    '& > div': {
      ...theme.typography.body1,
      lineHeight: '1.4375em',
      color: palette.text.primary,
      boxSizing: 'border-box',
      position: 'relative',
      cursor: 'text',
      display: 'inline-flex',
      alignItems: 'center',
      borderRadius: shape.borderRadius,
    },
    '& > div[data-end-adornment]': { paddingRight: 14 },
    '& fieldset': {
      textAlign: 'left',
      position: 'absolute',
      inset: '-5px 0 0 0',
      margin: 0,
      padding: '0 8px',
      pointerEvents: 'none',
      borderRadius: 'inherit',
      borderStyle: 'solid',
      borderWidth: 1,
      overflow: 'hidden',
      minWidth: '0%',
      borderColor: outline,
    },
    '& legend': {
      float: 'unset',
      width: 'auto',
      overflow: 'hidden',
      display: 'block',
      padding: 0,
      height: 11,
      fontSize: '0.75em',
      visibility: 'hidden',
      maxWidth: 0.01,
      transition: `max-width 50ms ${easeOut}`,
      whiteSpace: 'nowrap',
      '& > span': { paddingLeft: 5, paddingRight: 5, display: 'inline-block', opacity: 0, visibility: 'visible' },
    },
    [`${shrunk} legend`]: { maxWidth: '100%', transition: `max-width 100ms ${easeOut} 50ms` },
    '& > div:hover > fieldset': { borderColor: palette.text.primary },
    '@media (hover: none)': { '& > div:hover > fieldset': { borderColor: outline } },
    '& input': {
      font: 'inherit',
      letterSpacing: 'inherit',
      color: 'currentColor',
      padding: '16.5px 14px',
      border: 0,
      boxSizing: 'content-box',
      background: 'none',
      height: '1.4375em',
      margin: 0,
      WebkitTapHighlightColor: 'transparent',
      display: 'block',
      minWidth: 0,
      width: '100%',
      '&:focus': { outline: 0 },
      '&:invalid': { boxShadow: 'none' },
      '&:disabled': { opacity: 1, WebkitTextFillColor: palette.text.disabled },
      '&:-webkit-autofill': {
        borderRadius: 'inherit',
        ...(theme.vars && {
          WebkitBoxShadow: theme.vars.palette.Input.autofillWebkitBoxShadow,
          ...theme.applyStyles('dark', { WebkitTextFillColor: '#fff', caretColor: '#fff' }),
        }),
      },
    },
    '& > div[data-end-adornment] > input': { paddingRight: 0 },
    // InputAdornment (position end)
    '& [data-adornment]': {
      display: 'flex',
      maxHeight: '2em',
      alignItems: 'center',
      whiteSpace: 'nowrap',
      marginLeft: 8,
      color: palette.action.active,
    },
    // FormHelperText
    '& > p': {
      ...theme.typography.caption,
      color: palette.text.secondary,
      textAlign: 'left',
      margin: '3px 14px 0',
    },
    // States: error wins over focus and hover, as in MUI (the focused label uses the darker brand shade, as the theme
    // does for InputLabel).
    '&:not([data-error]):has(input:focus) > label': { color: palette.primary.dark },
    '&:has(input:focus) > div > fieldset': { borderWidth: 2 },
    '&:not([data-error]):has(input:focus) > div > fieldset': { borderColor: palette.primary.main },
    '&[data-error] > label, &[data-error] > p': { color: palette.error.main },
    '&[data-error] > div > fieldset': { borderColor: palette.error.main },
    '&[data-disabled] > label, &[data-disabled] > p': { color: palette.text.disabled },
    '&[data-disabled] > div': { color: palette.text.disabled, cursor: 'default' },
    '&[data-disabled] > div > fieldset': { borderColor: palette.action.disabled },
  };
});

/** An outlined text field (label, input, helper or error text), as MUI draws it, without MUI's input code. */
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
    <Field data-full-width={flag(fullWidth)} data-error={flag(error)} data-disabled={flag(input.disabled)}>
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
    </Field>
  );
}
