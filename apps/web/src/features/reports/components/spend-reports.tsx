import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { ABSENCE_REASONS, type AbsenceReason } from '@portal/contract/domain';
import { REPORT_UNKNOWN_KEY, type SpendGroupBy, type SpendReportResponse, type SpendRow } from '@portal/contract/reports';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportCsvButtonProps } from '../../../components/export-csv-button';
import { EmptyState } from '../../../components/query-state';
import { spendReportParams, useSpendByMonthPerSchool, useSpendReport } from '../api/get-spend-report';
import { moneyAxisFormat, moneyFormat, quantityFormat, reportFailure } from '../report-format';
import {
  spendByGroupModel,
  spendByMonthModel,
  spendByName,
  topEducators,
  topEducatorsModel,
  type ChartModel,
  type SchoolSpend,
} from '../report-model';
import type { DateRange } from '../report-period';
import { ReportChart } from './report-chart';
import { ReportSection } from './report-section';
import { ReportTable, type ReportColumn } from './report-table';

/** Up to this many schools, spend by month is asked school by school and stacked; more read as one total. */
export const MAX_STACKED_SCHOOLS = 8;

export interface School {
  clientId: number;
  name: string;
}

/** The spend queries of the page (by month, classification, reason and educator) and what the summary reads. */
export function useSpendReports(schools: readonly School[], range: DateRange | undefined, enabled: boolean) {
  const clientIds = schools.map((school) => school.clientId);
  const query = (groupBy: SpendGroupBy) => (enabled && range ? { clientIds, ...range, groupBy } : undefined);
  const stacked = schools.length > 1 && schools.length <= MAX_STACKED_SCHOOLS;
  const perSchool = useSpendByMonthPerSchool(clientIds, range, enabled && stacked);
  const byMonth = useSpendReport(stacked ? undefined : query('month'));
  const byClassification = useSpendReport(query('classification'));
  const byReason = useSpendReport(query('reason'));
  const byEducator = useSpendReport(query('educator'));
  return { clientIds, stacked, perSchool, byMonth, byClassification, byReason, byEducator };
}

type SpendReports = ReturnType<typeof useSpendReports>;

interface SectionState {
  loading?: string;
  error?: { message: string; onRetry?: () => void };
}

function useSectionState(queries: ReadonlyArray<UseQueryResult<SpendReportResponse>>): SectionState {
  const { t } = useTranslation('reports');
  const failed = queries.find((query) => query.isError);
  if (failed) {
    const { message, retry } = reportFailure(failed.error, { forbidden: t('spend.forbidden'), failed: t('spend.failed') });
    return { error: { message, ...(retry ? { onRetry: () => queries.forEach((query) => void query.refetch()) } : {}) } };
  }
  if (queries.some((query) => query.isPending)) return { loading: t('spend.loading') };
  return {};
}

/** The amount (the chart's values), days and hours of each category; the totals of the currency below. */
function amountColumns(
  model: ChartModel,
  rows: Map<string, SpendRow>,
  total: SpendReportResponse['totals'][number] | undefined,
  headers: { amount: string; days: string; hours: string },
  formats: { money: (value: number) => string; quantity: (value: number) => string },
): ReportColumn[] {
  const { money, quantity } = formats;
  const figure = (key: 'days' | 'hours') => ({
    key,
    header: headers[key],
    cells: model.categories.map((category) => quantity(rows.get(category.key)?.[key] ?? 0)),
    ...(total ? { total: quantity(total[key]) } : {}),
  });
  return [
    {
      key: 'amount',
      header: headers.amount,
      cells: (model.series[0]?.values ?? []).map((value) => money(value ?? 0)),
      ...(total ? { total: money(total.amount) } : {}),
    },
    figure('days'),
    figure('hours'),
  ];
}

const isAbsenceReason = (key: string): key is AbsenceReason => (ABSENCE_REASONS as readonly string[]).includes(key);

/**
 * Spend by month as a table: a row per month and a column per school, or (more schools than months, as in a term)
 * a row per school and a column per month, so it fits the page; each with its totals.
 */
export function monthTable(model: ChartModel, money: (value: number) => string, texts: { month: string; school: string; total: string }) {
  const value = (series: number, month: number) => model.series[series]?.values[month] ?? 0;
  const sum = (values: number[]) => values.reduce((total, each) => total + each, 0);
  const months = model.categories.map((_, month) => model.series.map((__, series) => value(series, month)));
  const schools = model.series.map((_, series) => model.categories.map((__, month) => value(series, month)));
  const stacked = model.series.length > 1;
  if (stacked && model.series.length > model.categories.length) {
    return {
      categoryHeader: texts.school,
      categories: model.series.map((series) => ({ key: series.id, label: series.label })),
      columns: [
        ...model.categories.map((category, month) => ({
          key: category.key,
          header: category.label,
          cells: schools.map((values) => money(values[month]!)),
          total: money(sum(months[month]!)),
        })),
        { key: 'total', header: texts.total, cells: schools.map((values) => money(sum(values))), total: money(sum(schools.flat())) },
      ],
    };
  }
  const columns: ReportColumn[] = model.series.map((series, index) => ({
    key: series.id,
    header: series.label,
    cells: schools[index]!.map(money),
    total: money(sum(schools[index]!)),
  }));
  if (stacked)
    columns.push({
      key: 'total',
      header: texts.total,
      cells: months.map((values) => money(sum(values))),
      total: money(sum(schools.flat())),
    });
  return { categoryHeader: texts.month, categories: model.categories, columns };
}

type CsvExport = Pick<ExportCsvButtonProps, 'path' | 'query' | 'fallbackName'>;

export interface SpendSectionsProps {
  reports: SpendReports;
  schools: readonly School[];
  range: DateRange;
  currency: string;
  locale: string;
}

/** Spend by month (stacked by school for a group), by classification and by reason for absence; the top educators. */
export function SpendSections({ reports, schools, range, currency, locale }: SpendSectionsProps) {
  const { t } = useTranslation('reports');
  const money = moneyFormat(locale, currency);
  const axis = moneyAxisFormat(locale, currency);
  const rowName = (row: SpendRow, groupBy: 'classification' | 'reason') => {
    if (row.key === REPORT_UNKNOWN_KEY || !row.label) return t('spend.unknown');
    // A reason for absence in the reader's words (its key is the spec's value); a classification by its title.
    return groupBy === 'reason' && isAbsenceReason(row.key) ? t(`spend.reasons.${row.key}`) : row.label;
  };
  const empty = <EmptyState icon={<ReceiptLongOutlinedIcon />} title={t('spend.emptyTitle')} body={t('spend.emptyBody')} />;
  const csv = (groupBy: SpendGroupBy): CsvExport => ({
    path: 'reports/spend',
    query: spendReportParams({ clientIds: reports.clientIds, ...range, groupBy }),
    fallbackName: `spend-by-${groupBy}-${range.from}-${range.to}.csv`,
  });

  return (
    <>
      <SpendByMonth
        reports={reports}
        schools={schools}
        range={range}
        currency={currency}
        locale={locale}
        empty={empty}
        csv={csv('month')}
      />
      {(['classification', 'reason'] as const).map((groupBy) => {
        const query = groupBy === 'classification' ? reports.byClassification : reports.byReason;
        const texts = groupBy === 'classification' ? 'byClassification' : 'byReason';
        return (
          <SpendByGroup
            key={groupBy}
            id={`spend-by-${groupBy}`}
            title={t(`spend.${texts}.title`)}
            description={t(`spend.${texts}.description`)}
            groupHeader={t(`spend.${texts}.group`)}
            name={(row) => rowName(row, groupBy)}
            query={query}
            currency={currency}
            locale={locale}
            money={money}
            axis={axis}
            empty={empty}
            csv={csv(groupBy)}
          />
        );
      })}
      <TopEducators query={reports.byEducator} locale={locale} csv={csv('educator')} />
    </>
  );
}

/**
 * The educators with the most days billed in the period: their days as bars, and a table of days, hours and the
 * amount before tax in each educator's own currency (days are added over currencies, amounts are not).
 */
function TopEducators({ query, locale, csv }: { query: UseQueryResult<SpendReportResponse>; locale: string; csv: CsvExport }) {
  const { t } = useTranslation('reports');
  const state = useSectionState([query]);
  const id = 'top-educators';
  const title = t('spend.topEducators.title');
  if (state.loading || state.error || !query.data) return <ReportSection id={id} title={title} {...state} />;
  const educators = topEducators(query.data.rows, REPORT_UNKNOWN_KEY);
  const model = topEducatorsModel(educators, t('spend.days'));
  const quantity = quantityFormat(locale);
  const amount = (each: (typeof educators)[number]) =>
    each.amounts.map(({ currency, amount: value }) => moneyFormat(locale, currency)(value)).join(', ');
  return (
    <ReportSection
      id={id}
      title={title}
      description={t('spend.topEducators.description', { count: model.categories.length })}
      exportCsv={csv}
      empty={
        educators.length === 0 ? (
          <EmptyState icon={<ReceiptLongOutlinedIcon />} title={t('spend.topEducators.emptyTitle')} body={t('spend.emptyBody')} />
        ) : undefined
      }
      chart={<ReportChart model={model} kind="bars" format={quantity} />}
      table={
        <ReportTable
          caption={title}
          categoryHeader={t('spend.topEducators.educator')}
          categories={model.categories}
          columns={[
            { key: 'days', header: t('spend.days'), cells: educators.map((each) => quantity(each.days)) },
            { key: 'hours', header: t('spend.hours'), cells: educators.map((each) => quantity(each.hours)) },
            { key: 'amount', header: t('spend.amount'), cells: educators.map(amount) },
          ]}
          testId={`${id}-table`}
        />
      }
    />
  );
}

function SpendByMonth({
  reports,
  schools,
  range,
  currency,
  locale,
  empty,
  csv,
}: SpendSectionsProps & { empty: ReactNode; csv: CsvExport }) {
  const { t } = useTranslation('reports');
  const queries = reports.stacked ? reports.perSchool : [reports.byMonth];
  const state = useSectionState(queries);
  const money = moneyFormat(locale, currency);
  const title = t('spend.byMonth.title');
  if (state.loading || state.error) return <ReportSection id="spend-by-month" title={title} {...state} />;

  const perSchool: SchoolSpend[] = reports.stacked
    ? schools.map((school, index) => ({ ...school, rows: reports.perSchool[index]?.data?.rows ?? [] }))
    : [{ clientId: 0, name: t('spend.amount'), rows: reports.byMonth.data?.rows ?? [] }];
  const model = spendByMonthModel(perSchool, currency, range, locale);
  const nothing = model.series.every((series) => series.values.every((value) => !value));
  const table = monthTable(model, money, { month: t('spend.byMonth.month'), school: t('spend.byMonth.school'), total: t('spend.total') });

  return (
    <ReportSection
      id="spend-by-month"
      title={title}
      description={t(model.series.length > 1 ? 'spend.byMonth.stacked' : 'spend.byMonth.single')}
      layout={model.series.length > 1 ? 'stacked' : 'side'}
      exportCsv={csv}
      empty={nothing ? empty : undefined}
      chart={<ReportChart model={model} kind="columns" stacked format={money} axisFormat={moneyAxisFormat(locale, currency)} />}
      table={
        <ReportTable
          caption={title}
          categoryHeader={table.categoryHeader}
          categories={table.categories}
          columns={table.columns}
          totalLabel={t('spend.total')}
          testId="spend-by-month-table"
        />
      }
    />
  );
}

function SpendByGroup({
  id,
  title,
  description,
  groupHeader,
  name,
  query,
  currency,
  locale,
  money,
  axis,
  empty,
  csv,
}: {
  id: string;
  title: string;
  description: string;
  groupHeader: string;
  /** The name a row is shown (and merged) under. */
  name: (row: SpendRow) => string;
  query: UseQueryResult<SpendReportResponse>;
  currency: string;
  locale: string;
  money: (value: number) => string;
  axis: (value: number) => string;
  empty: ReactNode;
  csv: CsvExport;
}) {
  const { t } = useTranslation('reports');
  const state = useSectionState([query]);
  if (state.loading || state.error || !query.data) return <ReportSection id={id} title={title} {...state} />;
  const named = spendByName(query.data.rows, currency, name);
  const model = spendByGroupModel(named, t('spend.amount'));
  const total = query.data.totals.find((each) => each.currency === currency);
  return (
    <ReportSection
      id={id}
      title={title}
      description={description}
      exportCsv={csv}
      empty={model.categories.length === 0 ? empty : undefined}
      chart={<ReportChart model={model} kind="bars" format={money} axisFormat={axis} />}
      table={
        <ReportTable
          caption={title}
          categoryHeader={groupHeader}
          categories={model.categories}
          columns={amountColumns(
            model,
            new Map(named.map((row) => [row.key, row])),
            total,
            { amount: t('spend.amount'), days: t('spend.days'), hours: t('spend.hours') },
            { money, quantity: quantityFormat(locale) },
          )}
          totalLabel={t('spend.total')}
          testId={`${id}-table`}
        />
      }
    />
  );
}
