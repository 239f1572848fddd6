import PeopleOutlineIcon from '@mui/icons-material/PeopleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { CandidateClientAccess } from '../candidates-page';
import { PAGE_SIZES, useCandidateRows, useCandidatesAddress, type CandidateRows, type CandidatesAddress } from '../use-candidates-list';
import { useCandidatesText } from '../use-candidates-text';
import { CandidateCards } from './candidate-cards';
import { CandidateFilters } from './candidate-filters';
import { CandidatesTable } from './candidates-table';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { ListPagination } from '../../../components/list-pagination';

const card = { borderRadius: '16px', overflow: 'hidden' } as const;

/** The list of educators at the selected schools; its search, sort, school and page live in the address. */
export function CandidatesList({ clients }: { clients: CandidateClientAccess[] }) {
  const { t } = useCandidatesText();
  return (
    <Stack spacing={3} sx={{ maxWidth: 1400 }}>
      <Box sx={{ maxWidth: 760 }}>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {t('title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{t('intro')}</Typography>
      </Box>
      {clients.length === 0 ? <Alert severity="info">{t('list.noClients')}</Alert> : <CandidatesSection clients={clients} />}
    </Stack>
  );
}

/** The heading and count, the filters, and the educators (or why there are none). */
function CandidatesSection({ clients }: { clients: CandidateClientAccess[] }) {
  const { t, locale } = useCandidatesText();
  const address = useCandidatesAddress(clients);
  const list = useCandidateRows(clients, address);
  const { pending, failures, refused, loaded, rows } = list;
  const filtered = address.search.trim() !== '' || address.favouritesOnly;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="candidates-heading" sx={card}>
      <Box sx={{ px: { xs: 2, sm: 3 }, pt: { xs: 2.5, sm: 3 }, pb: 2, display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="h2" id="candidates-heading" sx={{ fontSize: '1.125rem' }}>
            {t('list.heading')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite" data-testid="candidates-total">
            {loaded ? t('list.count', { count: rows.length, total: rows.length.toLocaleString(locale) }) : ' '}
          </Typography>
        </Box>
        <CandidateFilters clients={clients} address={address} />
      </Box>

      {pending && <LoadingState label={t('list.loading')} sx={{ px: { xs: 2, sm: 3 }, py: 3, borderTop: 1, borderColor: 'divider' }} />}
      {!pending && failures.length > 0 && !refused && (
        <Box sx={{ px: { xs: 2, sm: 3 }, pb: 3 }}>
          <ErrorState message={t('list.loadFailed')} onRetry={() => failures.forEach((failed) => void failed.refetch())} />
        </Box>
      )}
      {loaded && rows.length === 0 && <NoCandidates filtered={filtered} />}
      {loaded && rows.length > 0 && <ShownCandidates list={list} address={address} />}
    </Paper>
  );
}

function NoCandidates({ filtered }: { filtered: boolean }) {
  const { t } = useCandidatesText();
  return (
    <Box
      sx={{ px: { xs: 2, sm: 3 }, pb: 4, pt: 3, textAlign: 'center', borderTop: 1, borderColor: 'divider' }}
      data-testid="candidates-empty"
    >
      <PeopleOutlineIcon aria-hidden="true" sx={{ fontSize: 48, color: 'primary.dark', mb: 1 }} />
      <Typography component="p" sx={{ fontWeight: 600, fontSize: '1.0625rem', mb: 0.5 }}>
        {filtered ? t('list.noMatch') : t('list.empty')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: 460, mx: 'auto' }}>
        {filtered ? t('list.noMatchBody') : t('list.emptyBody')}
      </Typography>
    </Box>
  );
}

/** One page of educators (table on a desktop, cards on a phone) and its pagination. */
function ShownCandidates({ list, address }: { list: CandidateRows; address: CandidatesAddress }) {
  const { t, locale } = useCandidatesText();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const { rows, page, pageRows, showSchool } = list;
  const { pageSize, update } = address;
  const format = (value: number) => value.toLocaleString(locale);
  const caption = t('list.caption', {
    from: format(rows.length === 0 ? 0 : page * pageSize + 1),
    to: format(page * pageSize + pageRows.length),
    total: format(rows.length),
  });
  return (
    <>
      {phone ? (
        <CandidateCards rows={pageRows} label={caption} showSchool={showSchool} />
      ) : (
        <CandidatesTable rows={pageRows} caption={caption} showSchool={showSchool} />
      )}
      <ListPagination
        count={rows.length}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_, next) => update({ page: next === 0 ? undefined : String(next + 1) }, { resetPage: false })}
        onRowsPerPageChange={(event) => update({ size: event.target.value === String(PAGE_SIZES[0]) ? undefined : event.target.value })}
        labelRowsPerPage={t('list.rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) => t('list.range', { from: format(from), to: format(to), total: format(count) })}
      />
    </>
  );
}
