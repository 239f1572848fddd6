import ClearIcon from '@mui/icons-material/Clear';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-error';
import { paths } from '../../../lib/paths';
import { useAddressParams } from '../../../lib/use-address-params';
import { useToast } from '../../../lib/toast';
import { useCandidateLists } from '../api/get-candidate-list';
import type { CandidateClientAccess } from '../candidates-page';
import { CANDIDATE_SORTS, isCandidateSort, matchesSearch, sortCandidates, type CandidateRow, type CandidateSort } from '../candidate-rows';
import { useCandidatesText } from '../use-candidates-text';
import { CandidateCards } from './candidate-cards';
import { CandidatesTable } from './candidates-table';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { ListPagination } from '../../../components/list-pagination';

const PAGE_SIZES = [25, 50, 100] as const;
const card = { borderRadius: '16px', overflow: 'hidden' } as const;
const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } } as const;

/** The list of educators at the selected schools; its search, sort, school and page live in the address. */
export function CandidatesList({ clients }: { clients: CandidateClientAccess[] }) {
  const { t, locale } = useCandidatesText();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const toast = useToast();
  const navigate = useNavigate();
  const [params, update] = useAddressParams();

  // The box keeps its own text (a navigation per keystroke would lag behind typing); the address follows it.
  const [search, setSearch] = useState(() => params.get('q') ?? '');
  const sortParam = params.get('sort');
  const sort: CandidateSort = isCandidateSort(sortParam) ? sortParam : 'favourites';
  const schoolParam = Number(params.get('school'));
  const school = clients.some((c) => c.clientId === schoolParam) ? schoolParam : undefined;
  const favouritesOnly = params.get('favourites') === '1';
  const pageSize = PAGE_SIZES.find((size) => size === Number(params.get('size'))) ?? PAGE_SIZES[0];
  const requestedPage = Math.max(0, Number(params.get('page') ?? '1') - 1) || 0;

  const shownClients = school === undefined ? clients : clients.filter((c) => c.clientId === school);
  const lists = useCandidateLists(shownClients.map((c) => c.clientId));
  const pending = lists.some((list) => list.isPending);
  const failures = lists.filter((list) => list.isError);
  const refused = failures.some((list) => list.error instanceof ApiError && list.error.status === 403);
  const failedAt = Math.max(0, ...failures.map((list) => list.errorUpdatedAt));

  // Spec §8: 'Cannot load candidate list'; a refusal sends the user home.
  const refusedOnce = useRef(false);
  useEffect(() => {
    if (!failedAt) return;
    if (refused) {
      if (refusedOnce.current) return;
      refusedOnce.current = true;
      toast.error(t('list.loadFailed'));
      void navigate(paths.home, { replace: true });
      return;
    }
    toast.error(t('list.loadFailed'));
  }, [failedAt, refused, toast, t, navigate]);

  // A few hundred rows at most: filtered and sorted on every render.
  const allRows: CandidateRow[] = shownClients.flatMap((client, index) =>
    (lists[index]?.data ?? []).map((item) => ({
      ...item,
      clientId: client.clientId,
      clientName: client.clientName,
      canFavourite: client.canFavourite,
    })),
  );
  const rows = sortCandidates(
    allRows.filter((row) => (!favouritesOnly || row.isFavourite) && matchesSearch(row, search)),
    sort,
  );
  const pageCount = Math.max(1, Math.ceil(rows.length / pageSize));
  const page = Math.min(requestedPage, pageCount - 1);
  const pageRows = rows.slice(page * pageSize, page * pageSize + pageSize);
  const showSchool = shownClients.length > 1;
  const format = (value: number) => value.toLocaleString(locale);
  const caption = t('list.caption', {
    from: format(rows.length === 0 ? 0 : page * pageSize + 1),
    to: format(page * pageSize + pageRows.length),
    total: format(rows.length),
  });
  const loaded = !pending && failures.length < lists.length;
  const filtered = search.trim() !== '' || favouritesOnly;

  return (
    <Stack spacing={3} sx={{ maxWidth: 1400 }}>
      <Box sx={{ maxWidth: 760 }}>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {t('title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{t('intro')}</Typography>
      </Box>

      {clients.length === 0 ? (
        <Alert severity="info">{t('list.noClients')}</Alert>
      ) : (
        <Paper variant="outlined" component="section" aria-labelledby="candidates-heading" sx={card}>
          <Box sx={{ px: { xs: 2, sm: 3 }, pt: { xs: 2.5, sm: 3 }, pb: 2, display: 'grid', gap: 2 }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
              <Typography variant="h2" id="candidates-heading" sx={{ fontSize: '1.125rem' }}>
                {t('list.heading')}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite" data-testid="candidates-total">
                {loaded ? t('list.count', { count: rows.length, total: format(rows.length) }) : ' '}
              </Typography>
            </Box>
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                alignItems: 'center',
                gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: clients.length > 1 ? '2fr 1.3fr 1.3fr auto' : '2fr 1.3fr auto' },
              }}
            >
              <TextField
                id="candidates-search"
                type="search"
                label={t('filters.search')}
                placeholder={t('filters.searchHelp')}
                value={search}
                onChange={(event) => {
                  setSearch(event.target.value);
                  update({ q: event.target.value });
                }}
                size="small"
                autoComplete="off"
                sx={{ gridColumn: { sm: '1 / -1', md: 'auto' } }}
                slotProps={{
                  input: {
                    startAdornment: (
                      <InputAdornment position="start">
                        <SearchIcon aria-hidden="true" />
                      </InputAdornment>
                    ),
                    endAdornment: search ? (
                      <InputAdornment position="end">
                        <IconButton
                          size="small"
                          aria-label={t('filters.clearSearch')}
                          onClick={() => {
                            setSearch('');
                            update({ q: undefined });
                          }}
                          edge="end"
                        >
                          <ClearIcon fontSize="small" />
                        </IconButton>
                      </InputAdornment>
                    ) : undefined,
                  },
                  inputLabel: { shrink: true },
                }}
              />
              {clients.length > 1 && (
                <TextField
                  id="candidates-school"
                  select
                  size="small"
                  label={t('filters.school')}
                  value={school === undefined ? '' : String(school)}
                  onChange={(event) => update({ school: event.target.value })}
                  slotProps={nativeSelect}
                >
                  <option value="">{t('filters.allSchools')}</option>
                  {clients.map((c) => (
                    <option key={c.clientId} value={String(c.clientId)}>
                      {c.clientName}
                    </option>
                  ))}
                </TextField>
              )}
              <TextField
                id="candidates-sort"
                select
                size="small"
                label={t('filters.sort')}
                value={sort}
                onChange={(event) => update({ sort: event.target.value === 'favourites' ? undefined : event.target.value })}
                slotProps={nativeSelect}
              >
                {CANDIDATE_SORTS.map((value) => (
                  <option key={value} value={value}>
                    {t(`sort.${value}`)}
                  </option>
                ))}
              </TextField>
              <FormControlLabel
                control={
                  <Switch checked={favouritesOnly} onChange={(event) => update({ favourites: event.target.checked ? '1' : undefined })} />
                }
                label={t('filters.favouritesOnly')}
                sx={{ mr: 0, whiteSpace: 'nowrap' }}
              />
            </Box>
          </Box>

          {pending && <LoadingState label={t('list.loading')} sx={{ px: { xs: 2, sm: 3 }, py: 3, borderTop: 1, borderColor: 'divider' }} />}
          {!pending && failures.length > 0 && !refused && (
            <Box sx={{ px: { xs: 2, sm: 3 }, pb: 3 }}>
              <ErrorState message={t('list.loadFailed')} onRetry={() => failures.forEach((list) => void list.refetch())} />
            </Box>
          )}
          {loaded && rows.length === 0 && (
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
          )}
          {loaded && rows.length > 0 && (
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
                onRowsPerPageChange={(event) =>
                  update({ size: event.target.value === String(PAGE_SIZES[0]) ? undefined : event.target.value })
                }
                labelRowsPerPage={t('list.rowsPerPage')}
                labelDisplayedRows={({ from, to, count }) => t('list.range', { from: format(from), to: format(to), total: format(count) })}
              />
            </>
          )}
        </Paper>
      )}
    </Stack>
  );
}
