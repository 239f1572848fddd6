import { INVOICE_SORTS, INVOICE_STATUSES, type InvoiceSort, type InvoiceStatus } from '@portal/contract/invoices';
import { allClients, hasPermission, type PermissionTree } from '@portal/contract/permissions';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useMemo } from 'react';
import { useSlicedAnswer } from '../../lib/use-sliced-answer';
import { useProfile } from '../../lib/profile';
import { useAddressParams } from '../../lib/use-address-params';
import { useToast } from '../../lib/toast';
import { usePageTitle } from '../../lib/use-page-title';
import { useSelectedClientIds } from '../../lib/use-selected-clients';
import { invoicesQueryOptions, useInvoices, type InvoicesPageQuery } from './api/get-invoices';
import { invoicesAgeingQueryOptions } from './api/get-invoices-ageing';
import { firstRequest, type FirstRequests } from '../../lib/first-requests';
import { AgeingSummary } from './components/ageing-summary';
import { InvoiceCards } from './components/invoice-cards';
import { InvoicesTable } from './components/invoices-table';
import { useFinanceText } from './use-finance-text';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { ListPagination } from '../../components/list-pagination';
import { ExportCsvButton } from '../../components/export-csv-button';

const PAGE_SIZES = [10, 25, 50] as const;
const card = { borderRadius: '16px', overflow: 'hidden' } as const;
const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } } as const;

/** The list's state lives in the address (`?status=unpaid&sort=-total&page=2&size=25`), so links and Back keep it. */
function readParams(params: URLSearchParams) {
  const status = params.get('status');
  const sort = params.get('sort');
  const size = Number(params.get('size'));
  const page = Number(params.get('page'));
  return {
    status: (INVOICE_STATUSES as readonly string[]).includes(status ?? '') ? (status as InvoiceStatus) : undefined,
    sort: (INVOICE_SORTS as readonly string[]).includes(sort ?? '') ? (sort as InvoiceSort) : '-issueDate',
    pageSize: PAGE_SIZES.find((value) => value === size) ?? 25,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

type Update = ReturnType<typeof useAddressParams>[1];
type ListState = ReturnType<typeof readParams>;

/** The selected schools whose invoices the user may open: accounts view at the client itself (or its group). */
function invoiceClientIds(tree: PermissionTree | undefined, selected: readonly number[]): number[] {
  return tree
    ? allClients(tree)
        .filter(
          (c) =>
            selected.includes(c.clientId) &&
            hasPermission(tree, { scope: 'accounts', action: 'view', level: 'client' }, { clientId: c.clientId }),
        )
        .map((c) => c.clientId)
    : [];
}

function useInvoiceClientIds(): number[] {
  const tree = useProfile().data?.links;
  const selected = useSelectedClientIds();
  return useMemo(() => invoiceClientIds(tree, selected), [tree, selected]);
}

/** The page of invoices an address asks for, of these schools. */
function invoicesQuery(clientIds: readonly number[], { status, sort, page, pageSize }: ListState): InvoicesPageQuery {
  return { clientIds, status, sort, page, pageSize };
}

/** What Finance asks for first, started by its route: the ageing and the page of invoices of the address. */
export const financeFirstRequests: FirstRequests = ({ search, profile, selectedClientIds }) => {
  const clientIds = invoiceClientIds(profile.links, selectedClientIds);
  if (clientIds.length === 0) return [];
  return [
    firstRequest(invoicesAgeingQueryOptions(clientIds)),
    firstRequest(invoicesQueryOptions(invoicesQuery(clientIds, readParams(search)))),
  ];
};

/** Paid, unpaid or overdue (or all), the sort, and the CSV of what they choose. */
function InvoiceFilters({ state, update, clientIds, total }: { state: ListState; update: Update; clientIds: number[]; total: number }) {
  const { t } = useFinanceText();
  const { status, sort } = state;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={status ?? 'all'}
        onChange={(_, value: string | null) => {
          if (value !== null) update({ status: value === 'all' ? undefined : value });
        }}
        aria-label={t('filters.status')}
        sx={{ flexWrap: 'wrap', '& .MuiToggleButton-root': { px: 2, textTransform: 'none', fontWeight: 600 } }}
      >
        <ToggleButton value="all">{t('filters.all')}</ToggleButton>
        {INVOICE_STATUSES.map((value) => (
          <ToggleButton key={value} value={value}>
            {t(`status.${value}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', width: { xs: '100%', sm: 'auto' } }}>
        <TextField
          id="invoices-sort"
          select
          size="small"
          label={t('filters.sort')}
          value={sort}
          onChange={(event) => update({ sort: event.target.value === '-issueDate' ? undefined : event.target.value })}
          slotProps={nativeSelect}
          sx={{ minWidth: 220, flex: { xs: 1, sm: 'none' } }}
        >
          {INVOICE_SORTS.map((value) => (
            <option key={value} value={value}>
              {t(`sort.${value}`)}
            </option>
          ))}
        </TextField>
        <ExportCsvButton
          path="invoices"
          query={{ clientIds, status, sort }}
          fallbackName="invoices.csv"
          disabled={total === 0}
          sx={{ minHeight: 40 }}
        />
      </Box>
    </Box>
  );
}

/** A page of invoices (table on a desktop, cards on a phone) and its pagination. */
function InvoicesPage({
  invoices,
  total,
  state,
  update,
  showSchool,
}: {
  invoices: NonNullable<ReturnType<typeof useInvoices>['data']>['invoices'];
  total: number;
  state: ListState;
  update: Update;
  showSchool: boolean;
}) {
  const { t, locale } = useFinanceText();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const { sort, page, pageSize } = state;
  const format = (value: number) => value.toLocaleString(locale);
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const caption = t('list.caption', { from: format(from), to: format((page - 1) * pageSize + invoices.length), total: format(total) });
  return (
    <>
      {phone ? (
        <InvoiceCards invoices={invoices} label={caption} showSchool={showSchool} />
      ) : (
        <InvoicesTable
          invoices={invoices}
          caption={caption}
          showSchool={showSchool}
          sort={sort}
          onSort={(next) => update({ sort: next === '-issueDate' ? undefined : next })}
        />
      )}
      <ListPagination
        count={total}
        page={Math.min(page - 1, Math.max(0, Math.ceil(total / pageSize) - 1))}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_, next) => update({ page: next === 0 ? undefined : String(next + 1) }, { resetPage: false })}
        onRowsPerPageChange={(event) => update({ size: event.target.value === '25' ? undefined : event.target.value })}
        labelRowsPerPage={t('list.rowsPerPage')}
        labelDisplayedRows={({ from: first, to: last, count }) =>
          t('list.range', { from: format(first), to: format(last), total: format(count) })
        }
      />
    </>
  );
}

/** The page of invoices the address asks for; a failure to load is a toast, once per failure. */
function useInvoiceList(clientIds: number[], state: ListState) {
  const { t } = useFinanceText();
  const toast = useToast();
  const list = useInvoices(invoicesQuery(clientIds, state));
  const data = useSlicedAnswer(list.data);
  const failedAt = list.errorUpdatedAt;
  useEffect(() => {
    if (failedAt) toast.error(t('list.loadFailed'));
  }, [failedAt, toast, t]);
  return { list, data, invoices: data?.invoices ?? [], total: data?.total ?? 0 };
}

/** The invoices section: heading and count, filters, and the list (or why there is none). */
function InvoicesSection({
  clientIds,
  state,
  update,
  invoiceList,
}: {
  clientIds: number[];
  state: ListState;
  update: Update;
  invoiceList: ReturnType<typeof useInvoiceList>;
}) {
  const { t, locale } = useFinanceText();
  const { list, data, invoices, total } = invoiceList;
  const { status } = state;

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="invoices-heading"
      id="invoices-section"
      sx={{ ...card, scrollMarginTop: 80 }}
    >
      <Box sx={{ px: { xs: 2, sm: 3 }, pt: { xs: 2.5, sm: 3 }, pb: 2, display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="h2" id="invoices-heading" sx={{ fontSize: '1.125rem' }}>
            {t('list.heading')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite" data-testid="invoices-total">
            {data ? t('list.count', { count: total, total: total.toLocaleString(locale) }) : ' '}
          </Typography>
        </Box>
        <InvoiceFilters state={state} update={update} clientIds={clientIds} total={total} />
      </Box>
      <Box sx={{ height: 4 }}>{list.isFetching && data && <LinearProgress aria-label={t('list.loading')} />}</Box>

      {!data && !list.isError && <LoadingState label={t('list.loading')} sx={{ px: { xs: 2, sm: 3 }, py: 3 }} />}
      {list.isError && !data && (
        <Box sx={{ px: { xs: 2, sm: 3 }, pb: 3 }}>
          <ErrorState message={t('list.loadFailed')} onRetry={() => void list.refetch()} />
        </Box>
      )}
      {data && invoices.length === 0 && (
        <EmptyState
          icon={<ReceiptLongOutlinedIcon aria-hidden="true" />}
          title={status ? t('list.emptyFiltered') : t('list.empty')}
          body={status ? t('list.emptyFilteredBody') : t('list.emptyBody')}
          testId="invoices-empty"
          sx={{ px: { xs: 2, sm: 3 }, pb: 4, pt: 2 }}
        />
      )}
      {data && invoices.length > 0 && (
        <InvoicesPage invoices={invoices} total={total} state={state} update={update} showSchool={clientIds.length > 1} />
      )}
    </Paper>
  );
}

/**
 * Finance (spec §2 'finance', §3 'Invoices list', §7): what is outstanding by age, and the invoices of the
 * selected schools, paged with skip and take, filtered by paid, unpaid or overdue, each opening View Invoice.
 */
export function FinancePage() {
  const { t } = useFinanceText();
  usePageTitle(t('title'));
  const [params, update] = useAddressParams();
  const state = readParams(params);
  const clientIds = useInvoiceClientIds();
  const invoiceList = useInvoiceList(clientIds, state);

  const showUnpaid = () => {
    update({ status: 'unpaid' });
    document.getElementById('invoices-section')?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 1400 }}>
      <Box sx={{ maxWidth: 760 }}>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {t('title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{t('intro')}</Typography>
      </Box>

      {clientIds.length === 0 ? (
        <Alert severity="info">{t('list.noClients')}</Alert>
      ) : (
        <>
          <AgeingSummary key={clientIds.join(',')} clientIds={clientIds} onShowUnpaid={showUnpaid} />
          <InvoicesSection clientIds={clientIds} state={state} update={update} invoiceList={invoiceList} />
        </>
      )}
    </Stack>
  );
}
