import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { parseTimeOfDay, stepTimeOfDay, timeExamples, timeFieldText, timeFieldValue } from '../lib/time-input';

export type TimeFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type' | 'defaultValue'> & {
  /** 'HH:mm' on the 24-hour clock, '' for none (or the text as typed while it is no time). */
  value: string;
  onChange: (value: string) => void;
  /** Minutes the arrow keys move the time by. */
  step?: number;
};

/**
 * The app's one time-of-day input. It shows the time as the app writes times for the locale ('1:30 PM' in the US
 * and Canada, '13:30' elsewhere), not as the browser's native time input would (12-hour in Chromium whatever the
 * page says), reads the locale's form and the 24-hour one everywhere, and hands on 'HH:mm'. The arrow keys move
 * the time up and down by `step` minutes. Without a helper text of its own it shows an example.
 */
export function TimeField({ value, onChange, step = 5, slotProps, onBlur, onKeyDown, helperText, ...props }: TimeFieldProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [text, setText] = useState(() => timeFieldText(value, locale));
  // A value set from outside (a school's usual times, a reset form) or a change of language replaces the text.
  const [shown, setShown] = useState({ value, locale });
  if (value !== shown.value || locale !== shown.locale) {
    setShown({ value, locale });
    if (timeFieldValue(text) !== value || locale !== shown.locale) setText(timeFieldText(value, locale));
  }
  const change = (nextText: string) => {
    setText(nextText);
    const next = timeFieldValue(nextText);
    setShown({ value: next, locale });
    onChange(next);
  };
  const examples = timeExamples(locale);
  const hint = examples.twelveHour ? t('timeField.hint12', examples) : t('timeField.hint24', examples);
  return (
    <TextField
      {...props}
      type="text"
      value={text}
      helperText={helperText ?? hint}
      onChange={(event) => change(event.target.value)}
      onKeyDown={(event: KeyboardEvent<HTMLDivElement>) => {
        onKeyDown?.(event);
        if (event.defaultPrevented || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
        const next = stepTimeOfDay(value, event.key === 'ArrowUp' ? 1 : -1, step);
        if (next === undefined) return;
        event.preventDefault();
        change(timeFieldText(next, locale));
      }}
      onBlur={(event) => {
        // A time read from any accepted form is shown back in the locale's own.
        if (parseTimeOfDay(text) !== undefined) setText(timeFieldText(timeFieldValue(text), locale));
        onBlur?.(event);
      }}
      slotProps={{
        ...slotProps,
        inputLabel: { shrink: true, ...(slotProps?.inputLabel as object | undefined) },
        htmlInput: {
          autoComplete: 'off',
          spellCheck: false,
          ...(slotProps?.htmlInput as object | undefined),
        },
      }}
    />
  );
}
