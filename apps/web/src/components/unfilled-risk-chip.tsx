import WarningAmberOutlinedIcon from '@mui/icons-material/WarningAmberOutlined';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '../lib/locale-format';
import { ToneChip } from './tone-chip';

/** '3 hr', '45 min', '2 days' in the user's language (Intl's unit format). */
export function formatTimeLeft(minutesLeft: number, locale: string): string {
  const unit = (value: number, name: 'minute' | 'hour' | 'day') =>
    numberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short', maximumFractionDigits: 0 }).format(value);
  if (minutesLeft < 60) return unit(minutesLeft, 'minute');
  if (minutesLeft < 48 * 60) return unit(Math.floor(minutesLeft / 60), 'hour');
  return unit(Math.floor(minutesLeft / (24 * 60)), 'day');
}

/** A booking at unfilled risk (contract unfilled-risk.ts): 'Unfilled – starts in 3 hr'. */
export function UnfilledRiskChip({ minutesLeft }: { minutesLeft: number }) {
  const { t, i18n } = useTranslation('common');
  return (
    <ToneChip
      tone="error"
      icon={<WarningAmberOutlinedIcon fontSize="small" />}
      testId="unfilled-risk"
      label={t('unfilledRisk.chip', { left: formatTimeLeft(minutesLeft, i18n.language) })}
    />
  );
}
