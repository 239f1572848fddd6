import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import type { FillGroupBy, FillReportResponse, FillRow, FillTotals } from '@portal/contract/reports';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/query-state';
import { fillReportParams, useFillReport } from '../api/get-fill-report';
import { percentFormat, quantityFormat, reportFailure } from '../report-format';
import { fillByWeekdayModel, fillOverTimeModel, fillTimeGrouping, type ChartModel } from '../report-model';
import type { DateRange } from '../report-period';
import { ReportChart } from './report-chart';
import { ReportSection } from './report-section';
import { ReportTable, type ReportColumn } from './report-table';

/** The two fill queries of the page: over time (weeks or months, by the range's length) and by weekday. */
export function useFillReports(clientIds: readonly number[], range: DateRange | undefined, enabled: boolean) {
  const timeGroupBy = range ? fillTimeGrouping(range) : 'week';
  const query = (groupBy: FillGroupBy) => (enabled && range ? { clientIds, ...range, groupBy } : undefined);
  return { clientIds, timeGroupBy, overTime: useFillReport(query(timeGroupBy)), byWeekday: useFillReport(query('weekday')) };
}

type FillReports = ReturnType<typeof useFillReports>;
type FillHeaders = Record<'fillRate' | 'bookings' | 'filled' | 'unfilled' | 'cancelled' | 'medianHours', string>;

/** The fill rate (the chart's values) and the counts behind it, for each category; the range's totals below. */
function fillColumns(
  model: ChartModel,
  rows: readonly FillRow[],
  totals: FillTotals,
  locale: string,
  headers: FillHeaders,
): ReportColumn[] {
  const percent = percentFormat(locale);
  const count = quantityFormat(locale);
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const cells = (pick: (row: FillRow) => string) =>
    model.categories.map((category) => {
      const row = byKey.get(category.key);
      return row ? pick(row) : '';
    });
  const hours = (value: number | null) => (value === null ? '—' : count(value));
  return [
    {
      key: 'fillRate',
      header: headers.fillRate,
      cells: (model.series[0]?.values ?? []).map(percent),
      total: percent(totals.fillRatePercentage < 0 ? null : totals.fillRatePercentage),
    },
    { key: 'bookings', header: headers.bookings, cells: cells((row) => count(row.bookings)), total: count(totals.bookings) },
    { key: 'filled', header: headers.filled, cells: cells((row) => count(row.filled)), total: count(totals.filled) },
    { key: 'unfilled', header: headers.unfilled, cells: cells((row) => count(row.unfilled)), total: count(totals.unfilled) },
    { key: 'cancelled', header: headers.cancelled, cells: cells((row) => count(row.cancelled)), total: count(totals.cancelled) },
    {
      key: 'medianHours',
      header: headers.medianHours,
      cells: cells((row) => hours(row.medianHoursToFill)),
      total: hours(totals.medianHoursToFill),
    },
  ];
}

/** Fill rate over time and by weekday, each with its counts. */
export function FillSections({ reports, range, locale }: { reports: FillReports; range: DateRange; locale: string }) {
  const { t } = useTranslation('reports');
  const headers: FillHeaders = {
    fillRate: t('fill.fillRate'),
    bookings: t('fill.bookings'),
    filled: t('fill.filled'),
    unfilled: t('fill.unfilled'),
    cancelled: t('fill.cancelled'),
    medianHours: t('fill.medianHours'),
  };
  const empty = <EmptyState icon={<EventBusyOutlinedIcon />} title={t('fill.emptyTitle')} body={t('fill.emptyBody')} />;
  const section = (
    id: string,
    title: string,
    description: string,
    categoryHeader: string,
    query: UseQueryResult<FillReportResponse>,
    groupBy: FillGroupBy,
    build: (rows: readonly FillRow[]) => ChartModel,
    kind: 'line' | 'columns',
  ) => {
    if (query.isError) {
      const { message, retry } = reportFailure(query.error, { forbidden: t('fill.forbidden'), failed: t('fill.failed') });
      return <ReportSection id={id} title={title} error={{ message, ...(retry ? { onRetry: () => void query.refetch() } : {}) }} />;
    }
    if (!query.data) return <ReportSection id={id} title={title} loading={t('fill.loading')} />;
    const model = build(query.data.rows);
    return (
      <ReportSection
        id={id}
        title={title}
        description={description}
        exportCsv={{
          path: 'reports/fill',
          query: fillReportParams({ clientIds: reports.clientIds, ...range, groupBy }),
          fallbackName: `fill-by-${groupBy}-${range.from}-${range.to}.csv`,
        }}
        empty={query.data.rows.length === 0 ? empty : undefined}
        layout="stacked"
        chart={<ReportChart model={model} kind={kind} format={percentFormat(locale)} max={100} />}
        table={
          <ReportTable
            caption={title}
            categoryHeader={categoryHeader}
            categories={model.categories}
            columns={fillColumns(model, query.data.rows, query.data.totals, locale, headers)}
            totalLabel={t('fill.total')}
            testId={`${id}-table`}
          />
        }
      />
    );
  };
  const byWeek = reports.timeGroupBy === 'week';
  return (
    <>
      {section(
        'fill-over-time',
        t('fill.overTime.title'),
        t(byWeek ? 'fill.overTime.byWeek' : 'fill.overTime.byMonth'),
        t(byWeek ? 'fill.overTime.week' : 'fill.overTime.month'),
        reports.overTime,
        reports.timeGroupBy,
        (rows) => fillOverTimeModel(rows, reports.timeGroupBy, headers.fillRate, locale),
        'line',
      )}
      {section(
        'fill-by-weekday',
        t('fill.byWeekday.title'),
        t('fill.byWeekday.description'),
        t('fill.byWeekday.weekday'),
        reports.byWeekday,
        'weekday',
        (rows) => fillByWeekdayModel(rows, headers.fillRate, locale),
        'columns',
      )}
    </>
  );
}
