import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptedDateInputs, parseDateInput } from '../lib/date-input';
import { localeFormat } from '../lib/locale-format';

/**
 * The text a date field shows for an ISO value, in the locale's full accepted form so it reads back the same:
 * '05/03/2026' in en-AU (DD/MM/YYYY), '03/05/2026' in en-US (MM/DD/YYYY).
 */
export function dateFieldText(value: string, locale: string): string {
  const date = value ? parseDateInput(value, locale) : undefined;
  return date ? date.toFormat(localeFormat(locale).monthFirst ? 'MM/dd/yyyy' : 'dd/MM/yyyy') : value;
}

/**
 * What a typed date field holds: the ISO date ('YYYY-MM-DD') when the text is one of the locale's accepted forms
 * (spec §5 'Dates accepted'), '' when empty, else the text as typed (the form's schema refuses it as no date).
 */
export function dateFieldValue(text: string, locale: string): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  return parseDateInput(trimmed, locale)?.toISODate() ?? trimmed;
}

export type LocaleDateFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type' | 'defaultValue'> & {
  /** ISO date, '' for none (or the text as typed while it is not a date). */
  value: string;
  onChange: (value: string) => void;
  /** The earliest ISO date (kept on the input as its `min`, for assistive tools and tests). */
  min?: string | undefined;
};

/**
 * A date typed in the user's locale, not the browser's (a native date input shows an en-AU user mm/dd/yyyy): the
 * value is shown in the locale's short form, and any of the spec §5 accepted forms is read as the locale reads it
 * (month first where dates are shown so, in the US and Canada, else day first; the two ISO forms everywhere). The
 * value handed on is ISO.
 */
export function LocaleDateField({ value, onChange, min, slotProps, onBlur, ...props }: LocaleDateFieldProps) {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const [text, setText] = useState(() => dateFieldText(value, locale));
  // A value set from outside (a cleared filter, a reset form) replaces what was typed.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (dateFieldValue(text, locale) !== value) setText(dateFieldText(value, locale));
  }
  const format = acceptedDateInputs(locale)[2] ?? '';
  return (
    <TextField
      {...props}
      type="text"
      value={text}
      placeholder={format}
      onChange={(event) => {
        setText(event.target.value);
        const next = dateFieldValue(event.target.value, locale);
        setShown(next);
        onChange(next);
      }}
      onBlur={(event) => {
        // A date read from any accepted form is shown back in the locale's own.
        if (parseDateInput(text, locale)) setText(dateFieldText(dateFieldValue(text, locale), locale));
        onBlur?.(event);
      }}
      slotProps={{
        ...slotProps,
        inputLabel: { shrink: true, ...(slotProps?.inputLabel as object | undefined) },
        htmlInput: { inputMode: 'numeric', autoComplete: 'off', ...(min ? { min } : {}), ...(slotProps?.htmlInput as object | undefined) },
      }}
    />
  );
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date that filters or picks what a page shows (bookings list, group overview): typed in the locale's forms, it
 * is handed on once the text is a date (or cleared); text that is no date stays shown, marked, until it is one.
 */
export function DateFilterField({
  value,
  onDate,
  ...props
}: Omit<LocaleDateFieldProps, 'value' | 'onChange'> & { value: string | undefined; onDate: (date: string | undefined) => void }) {
  const [typed, setTyped] = useState(value ?? '');
  const shown = typed !== '' && !ISO_DATE.test(typed) ? typed : (value ?? '');
  return (
    <LocaleDateField
      {...props}
      value={shown}
      error={props.error || (shown !== '' && !ISO_DATE.test(shown))}
      onChange={(next) => {
        setTyped(next);
        if (next === '' || ISO_DATE.test(next)) onDate(next || undefined);
      }}
    />
  );
}
