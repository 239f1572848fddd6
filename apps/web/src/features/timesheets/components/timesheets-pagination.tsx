import { ListPagination } from '../../../components/list-pagination';
import { formatCount } from '../../../lib/locale-format';
import { useTimesheetsText, type TimesheetsTranslate } from '../use-timesheets-text';

export const PAGE_SIZES = [25, 50, 100] as const;

/** A list's caption for screen readers: which of the timesheets it shows ('1–25 of 60'). */
export function pageCaption(
  t: TimesheetsTranslate,
  locale: string,
  key: 'list.caption' | 'history.caption',
  { page, pageSize, shown, total }: { page: number; pageSize: number; shown: number; total: number },
): string {
  const from = total === 0 ? 0 : page * pageSize + 1;
  return t(key, {
    from: formatCount(from, locale),
    to: formatCount(page * pageSize + shown, locale),
    total: formatCount(total, locale),
  });
}

/** The pages of a list of timesheets: a page past the end (the list shrank) shows as its last. */
export function TimesheetsPagination({
  total,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
}: {
  total: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}) {
  const { t, locale } = useTimesheetsText();
  return (
    <ListPagination
      count={total}
      page={Math.min(page, Math.max(0, Math.ceil(total / pageSize) - 1))}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[...PAGE_SIZES]}
      onPageChange={(_, next) => onPageChange(next)}
      onRowsPerPageChange={(event) => onPageSizeChange(Number(event.target.value))}
      labelRowsPerPage={t('list.rowsPerPage')}
      labelDisplayedRows={({ from: first, to: last, count }) =>
        t('list.range', { from: formatCount(first, locale), to: formatCount(last, locale), total: formatCount(count, locale) })
      }
    />
  );
}
