import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DateFilterField } from '../../../components/locale-date-field';
import { formatDateList } from '../../../lib/locale-format';
import { runReportRangePipeline } from '@portal/contract/reports';
import { PERIOD_KINDS, type DateRange, type PeriodKind, type ResolvedPeriod } from '../report-period';

export interface PeriodPickerProps {
  kind: PeriodKind;
  /** What 'term' means here: the school's terms, or calendar quarters where we know none. */
  basis: 'terms' | 'quarters';
  custom: Partial<DateRange>;
  resolved: ResolvedPeriod | undefined;
  onKind: (kind: PeriodKind) => void;
  onCustom: (custom: Partial<DateRange>) => void;
}

/** The dates of a period as the locale writes them: '12 Oct 2026 to 17 Dec 2026'. */
export function useRangeText() {
  const { t, i18n } = useTranslation('reports');
  return (range: DateRange) =>
    t('period.range', { from: formatDateList(range.from, i18n.language), to: formatDateList(range.to, i18n.language) });
}

/** The period a report covers: this term, last term, this year, or two dates; the dates it resolved to, shown. */
export function PeriodPicker({ kind, basis, custom, resolved, onKind, onCustom }: PeriodPickerProps) {
  const { t, i18n } = useTranslation('reports');
  const rangeText = useRangeText();
  const optionLabel = (option: PeriodKind) =>
    basis === 'quarters' && option === 'thisTerm'
      ? t('period.thisQuarter')
      : basis === 'quarters' && option === 'lastTerm'
        ? t('period.lastQuarter')
        : t(`period.${option}`);
  const failures = kind === 'custom' && custom.from && custom.to ? runReportRangePipeline({ from: custom.from, to: custom.to }) : [];
  const failureText = (field: 'from' | 'to') => {
    const failure = failures.find((each) => each.field === field);
    if (!failure) return undefined;
    return failure.code === 'fromAfterTo'
      ? t('period.fromAfterTo')
      : t('period.rangeTooLong', { years: failure.params.years, last: formatDateList(failure.params.last, i18n.language) });
  };
  const shown =
    resolved && (resolved.termName ? t('period.named', { name: resolved.termName, range: rangeText(resolved) }) : rangeText(resolved));

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label={t('period.label')}
        value={kind}
        onChange={(event) => onKind(event.target.value as PeriodKind)}
        sx={{ minWidth: 200 }}
        slotProps={{ select: { inputProps: { 'data-testid': 'report-period' } } }}
      >
        {PERIOD_KINDS.map((option) => (
          <MenuItem key={option} value={option}>
            {optionLabel(option)}
          </MenuItem>
        ))}
      </TextField>
      {kind === 'custom' && (
        <>
          <DateFilterField
            size="small"
            label={t('period.from')}
            value={custom.from}
            onDate={(from) => onCustom({ ...custom, from })}
            error={!!failureText('from')}
            helperText={failureText('from')}
          />
          <DateFilterField
            size="small"
            label={t('period.to')}
            value={custom.to}
            onDate={(to) => onCustom({ ...custom, to })}
            error={!!failureText('to')}
            helperText={failureText('to')}
          />
        </>
      )}
      {shown && (
        <Typography role="status" data-testid="report-range" sx={{ color: 'text.secondary' }}>
          {t('period.showing', { range: shown })}
        </Typography>
      )}
    </Box>
  );
}
