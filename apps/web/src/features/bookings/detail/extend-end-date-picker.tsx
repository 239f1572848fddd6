import { isWeekend } from '@portal/contract/school-days';
import { useMemo } from 'react';
import { usePublicHolidays } from '../../../api/public-holidays';
import { useSchoolTerms } from '../../../api/school-terms';
import { DatePickerDialog } from '../../../components/date-picker-dialog';
import { formatDay } from '../../../lib/locale-format';
import { useBookingsText } from '../list/use-bookings-text';

/**
 * The location's public holidays (named in the picker; an extension cannot end on one where the school is closed) and
 * its school terms (shown). Asked for when the dialog opens, so they are there when the picker is.
 */
export function useExtendCalendar(locationId: number) {
  const holidays = usePublicHolidays(locationId);
  const terms = useSchoolTerms(locationId);
  const holidayNames = useMemo(
    () => (holidays.data ? new Map(holidays.data.holidays.map((h) => [h.dateLocal, h.name])) : undefined),
    [holidays.data],
  );
  return {
    holidayNames,
    closedOnHolidays: holidays.data !== undefined && !holidays.data.openOnPublicHolidays,
    terms: terms.data?.terms,
  };
}

export type ExtendCalendar = ReturnType<typeof useExtendCalendar>;

export interface ExtendEndDatePickerProps {
  calendar: ExtendCalendar;
  endDate: string;
  /** The booking's (or its series') last date: the extension ends after it. */
  lastDate: string;
  /** The latest end date the scheduling allows, once it has answered. */
  maxEndDate: string | undefined;
  onClose: () => void;
  onConfirm: (date: string) => void;
}

/** The end-date picker: a school day after the last booked one, no later than the scheduling allows. */
export function ExtendEndDatePicker({ calendar, endDate, lastDate, maxEndDate, onClose, onConfirm }: ExtendEndDatePickerProps) {
  const { t, locale } = useBookingsText();
  const { holidayNames, closedOnHolidays } = calendar;
  return (
    <DatePickerDialog
      open
      mode="single"
      initial={[endDate]}
      unavailable={(day) =>
        isWeekend(day)
          ? t('extend.notWeekend')
          : day <= lastDate
            ? t('extend.notBooked')
            : maxEndDate && day > maxEndDate
              ? t('extend.notAfterMax', { date: formatDay(maxEndDate, locale) })
              : closedOnHolidays && holidayNames?.has(day)
                ? t('extend.notHoliday', { name: holidayNames.get(day)! })
                : undefined
      }
      holidays={holidayNames}
      terms={calendar.terms}
      legend={t('extend.pickerLegend')}
      onClose={onClose}
      onConfirm={(dates) => {
        if (dates[0]) onConfirm(dates[0]);
        onClose();
      }}
    />
  );
}
