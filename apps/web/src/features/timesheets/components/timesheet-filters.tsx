import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { formatCount, formatDateList } from '../../../lib/locale-format';
import { useTimesheetsText } from '../use-timesheets-text';

const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } } as const;

export interface WeekOption {
  weekOf: string;
  /** Timesheets pending approval that week, when known. */
  pendingApproval: number | undefined;
}

/**
 * The school and the week of the timesheets to approve (kept in the address as `?school=` and `?week=`, so a link
 * opens the list filtered and the back button undoes a change). The weeks offered are those with timesheets pending
 * approval, newest first.
 */
export function TimesheetFilters({
  schools,
  schoolId,
  weeks,
  weekOf,
  onChange,
}: {
  /** The selected schools; the school filter shows only when there are several. */
  schools: readonly { clientId: number; clientName: string }[];
  schoolId: number | undefined;
  weeks: readonly WeekOption[];
  weekOf: string | undefined;
  onChange: (changes: { school?: string | undefined; week?: string | undefined }) => void;
}) {
  const { t, locale } = useTimesheetsText();
  return (
    <Box
      role="group"
      aria-label={t('filter.label')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, px: { xs: 2, sm: 3 }, pb: 2 }}
      data-testid="timesheet-filters"
    >
      {schools.length > 1 && (
        <TextField
          select
          size="small"
          label={t('filter.school')}
          value={schoolId === undefined ? '' : String(schoolId)}
          onChange={(event) => onChange({ school: event.target.value || undefined })}
          slotProps={{ ...nativeSelect, htmlInput: { 'data-testid': 'timesheet-filter-school' } }}
          sx={{ minWidth: 240, flex: { xs: '1 1 100%', sm: 'none' } }}
        >
          <option value="">{t('filter.allSchools')}</option>
          {schools.map((school) => (
            <option key={school.clientId} value={school.clientId}>
              {school.clientName}
            </option>
          ))}
        </TextField>
      )}
      <TextField
        select
        size="small"
        label={t('filter.week')}
        value={weekOf ?? ''}
        onChange={(event) => onChange({ week: event.target.value || undefined })}
        slotProps={{ ...nativeSelect, htmlInput: { 'data-testid': 'timesheet-filter-week' } }}
        sx={{ minWidth: 220, flex: { xs: '1 1 100%', sm: 'none' } }}
      >
        <option value="">{t('filter.allWeeks')}</option>
        {weeks.map((week) => {
          const date = formatDateList(week.weekOf, locale);
          return (
            <option key={week.weekOf} value={week.weekOf}>
              {week.pendingApproval === undefined
                ? t('filter.weekOf', { date })
                : t('filter.weekOfCount', { date, total: formatCount(week.pendingApproval, locale) })}
            </option>
          );
        })}
      </TextField>
    </Box>
  );
}

/** The weeks with timesheets pending approval at the given schools (summed), with the chosen one, newest first. */
export function weekOptions(
  clients: readonly { clientId: number; pendingApprovalWeeks: readonly { weekOf: string; pendingApproval: number }[] }[],
  schoolId: number | undefined,
  weekOf: string | undefined,
): WeekOption[] {
  const counts = new Map<string, number | undefined>();
  for (const client of clients) {
    if (schoolId !== undefined && client.clientId !== schoolId) continue;
    for (const week of client.pendingApprovalWeeks) counts.set(week.weekOf, (counts.get(week.weekOf) ?? 0) + week.pendingApproval);
  }
  if (weekOf !== undefined && !counts.has(weekOf)) counts.set(weekOf, undefined);
  return [...counts]
    .map(([week, pendingApproval]) => ({ weekOf: week, pendingApproval }))
    .sort((a, b) => (a.weekOf < b.weekOf ? 1 : a.weekOf > b.weekOf ? -1 : 0));
}
