import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptedDateInputs } from '../lib/date-input';
import { formatDate } from '../lib/locale-format';
import { GeneralModal } from './general-modal';
import {
  DATE_ERROR_FLASH_MS,
  DATE_INPUT_DEBOUNCE_MS,
  isComplete,
  parseSelection,
  toggleDay,
  type DateSelectionMode,
} from './date-selection';

const DateCalendarPanel = lazy(() => import('./date-calendar-panel'));

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
}: {
  open: boolean;
  mode: DateSelectionMode;
  initial?: readonly string[];
  onClose: () => void;
  onConfirm: (dates: string[]) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [selection, setSelection] = useState<string[]>([...initial]);
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [flash, setFlash] = useState(false);
  const [pending, setPending] = useState(false);
  const flashTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => {
      setPending(false);
      const parsed = parseSelection(text, mode, locale);
      if (parsed === undefined) {
        setInvalid(true);
        setFlash(true);
        clearTimeout(flashTimer.current);
        flashTimer.current = setTimeout(() => setFlash(false), DATE_ERROR_FLASH_MS);
      } else {
        setInvalid(false);
        setFlash(false);
        if (parsed.length > 0) setSelection(parsed);
      }
    }, DATE_INPUT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [pending, text, mode, locale]);

  useEffect(() => () => clearTimeout(flashTimer.current), []);

  const example = acceptedDateInputs(locale)[2] ?? '';
  const title = mode === 'single' ? t('datePicker.title') : mode === 'multiple' ? t('datePicker.titleMultiple') : t('datePicker.titleRange');
  const inputLabel = mode === 'single' ? t('datePicker.input') : mode === 'multiple' ? t('datePicker.inputMultiple') : t('datePicker.inputRange');
  const okDisabled = pending || invalid || !isComplete(selection, mode);

  return (
    <GeneralModal
      open={open}
      title={title}
      onClose={onClose}
      dividers
      actions={
        <Button variant="contained" disabled={okDisabled} onClick={() => onConfirm(selection)}>
          {t('modal.ok')}
        </Button>
      }
    >
      <TextField
        fullWidth
        size="small"
        label={inputLabel}
        value={text}
        error={flash}
        onChange={(event) => {
          setText(event.target.value);
          setPending(true);
        }}
        helperText={flash ? t('datePicker.invalid') : t('datePicker.hint', { example })}
        sx={{ mb: 1 }}
      />
      <Suspense fallback={<Skeleton variant="rounded" height={300} />}>
        <DateCalendarPanel
          mode={mode}
          selection={selection}
          locale={locale}
          onDay={(day) => {
            setSelection((current) => toggleDay(current, day, mode));
            setInvalid(false);
            setText('');
          }}
        />
      </Suspense>
      <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite" data-testid="date-selection">
        {selection.length > 0 ? `${t('datePicker.selected', { count: selection.length })}: ${selection.map((d) => formatDate(d, locale)).join(mode === 'range' ? ' – ' : ', ')}` : ''}
      </Typography>
    </GeneralModal>
  );
}
