import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SchoolTerm } from '@portal/contract/booking-reference';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptedDateInputs } from '../lib/date-input';
import { formatDate, formatDateList } from '../lib/locale-format';
import { GeneralModal } from './general-modal';
import {
  DATE_ERROR_FLASH_MS,
  DATE_INPUT_DEBOUNCE_MS,
  isComplete,
  parseSelection,
  refusalOf,
  toggleDay,
  type DateSelectionMode,
} from './date-selection';

const DateCalendarPanel = lazy(() => import('./date-calendar-panel'));

/**
 * The dialog's choice: the dates chosen on the calendar or typed. Typing is read after a pause (or at Enter); a
 * typed entry that does not parse flashes an error, one that cannot be chosen says why.
 */
function useDateChoice({
  mode,
  initial,
  locale,
  unavailable,
  onConfirm,
}: {
  mode: DateSelectionMode;
  initial: readonly string[];
  locale: string;
  unavailable: ((isoDate: string) => string | undefined) | undefined;
  onConfirm: (dates: string[]) => void;
}) {
  const [selection, setSelection] = useState<string[]>([...initial]);
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [flash, setFlash] = useState(false);
  const [pending, setPending] = useState(false);
  /** A typed date that parses but cannot be chosen: its reason, shown until the text changes. */
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  const [focus, setFocus] = useState<string | undefined>(initial[initial.length - 1]);
  const flashTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => {
      setPending(false);
      const parsed = parseSelection(text, mode, locale);
      if (parsed === undefined) {
        flashInvalid();
      } else {
        const refused = refusalOf(parsed, mode, unavailable, locale);
        setFlash(false);
        setRefusal(refused);
        setInvalid(refused !== undefined);
        if (parsed.length > 0 && refused === undefined) {
          setSelection(parsed);
          setFocus(parsed[parsed.length - 1]);
        }
      }
    }, DATE_INPUT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [pending, text, mode, locale, unavailable]);

  useEffect(() => () => clearTimeout(flashTimer.current), []);

  function flashInvalid() {
    setInvalid(true);
    setFlash(true);
    clearTimeout(flashTimer.current);
    flashTimer.current = setTimeout(() => setFlash(false), DATE_ERROR_FLASH_MS);
  }

  /** Enter in the typed date: read it now (not after the pause) and confirm it when it is a whole choice. */
  function confirmTyped() {
    if (!text.trim()) {
      if (!invalid && isComplete(selection, mode)) onConfirm(selection);
      return;
    }
    setPending(false);
    const parsed = parseSelection(text, mode, locale);
    if (parsed === undefined) return flashInvalid();
    const refused = refusalOf(parsed, mode, unavailable, locale);
    setRefusal(refused);
    setInvalid(refused !== undefined);
    if (refused !== undefined || parsed.length === 0) return;
    setSelection(parsed);
    setFocus(parsed[parsed.length - 1]);
    if (isComplete(parsed, mode)) onConfirm(parsed);
  }

  const type = (value: string) => {
    setText(value);
    setRefusal(undefined);
    setPending(true);
  };
  const chooseDay = (day: string) => {
    setSelection((current) => toggleDay(current, day, mode));
    setFocus(day);
    setInvalid(false);
    setRefusal(undefined);
    setText('');
  };

  return {
    selection,
    text,
    flash,
    refusal,
    focus,
    okDisabled: pending || invalid || !isComplete(selection, mode),
    type,
    confirmTyped,
    chooseDay,
  };
}

/**
 * Spec §2 date picker dialog: single, multiple or range selection by calendar or by typing (accepted forms of
 * spec §5). Typing is read 300 ms after the last key; an invalid entry flashes an error for 800 ms and keeps OK
 * disabled until the input is valid again.
 */
export function DatePickerDialog({
  open,
  mode,
  initial = [],
  onClose,
  onConfirm,
  unavailable,
  legend,
  holidays,
  terms,
}: {
  open: boolean;
  mode: DateSelectionMode;
  initial?: readonly string[];
  /** Why a date cannot be chosen (shown on the calendar's greyed day and for a typed date), or undefined. */
  unavailable?: (isoDate: string) => string | undefined;
  /** Says which days are greyed out and why, under the calendar. */
  legend?: string;
  /** Public holidays by local date, named on the calendar (whether or not they can be chosen). */
  holidays?: ReadonlyMap<string, string> | undefined;
  /** The school terms around the dates: the days between two terms show as school holidays, for information. */
  terms?: readonly SchoolTerm[] | undefined;
  onClose: () => void;
  onConfirm: (dates: string[]) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const choice = useDateChoice({ mode, initial, locale, unavailable, onConfirm });
  const { selection, text, flash, refusal } = choice;

  const example = acceptedDateInputs(locale)[2] ?? '';
  const title =
    mode === 'single' ? t('datePicker.title') : mode === 'multiple' ? t('datePicker.titleMultiple') : t('datePicker.titleRange');
  const inputLabel =
    mode === 'single' ? t('datePicker.input') : mode === 'multiple' ? t('datePicker.inputMultiple') : t('datePicker.inputRange');
  const dayLabel = useCallback((iso: string) => formatDateList(iso, locale), [locale]);

  return (
    <GeneralModal
      open={open}
      title={title}
      onClose={onClose}
      dividers
      actions={
        <Button variant="contained" disabled={choice.okDisabled} onClick={() => onConfirm(selection)}>
          {t('modal.ok')}
        </Button>
      }
    >
      <TextField
        fullWidth
        size="small"
        label={inputLabel}
        // The dialog opens in its first field (MUI's Dialog otherwise focuses its container).
        autoFocus
        value={text}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          choice.confirmTyped();
        }}
        error={flash || refusal !== undefined}
        onChange={(event) => choice.type(event.target.value)}
        helperText={flash ? t('datePicker.invalid') : (refusal ?? t('datePicker.hint', { example }))}
        sx={{ mb: 1, mt: 1 }}
      />
      <Suspense fallback={<Skeleton variant="rounded" height={300} />}>
        <DateCalendarPanel
          mode={mode}
          selection={selection}
          focus={choice.focus}
          locale={locale}
          unavailable={unavailable}
          dayLabel={dayLabel}
          holidays={holidays}
          terms={terms}
          onDay={choice.chooseDay}
        />
      </Suspense>
      {legend && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }} data-testid="date-picker-legend">
          {legend}
        </Typography>
      )}
      <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite" data-testid="date-selection">
        {selection.length > 0
          ? `${t('datePicker.selected', { count: selection.length })}: ${selection.map((d) => formatDate(d, locale)).join(mode === 'range' ? ' – ' : ', ')}`
          : ''}
      </Typography>
    </GeneralModal>
  );
}
