import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { CandidateClientAccess } from '../candidates-page';
import { CANDIDATE_SORTS } from '../candidate-rows';
import type { CandidatesAddress } from '../use-candidates-list';
import { useCandidatesText } from '../use-candidates-text';

const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } } as const;

/** The search box, with a button that clears it. */
function SearchField({ address }: { address: CandidatesAddress }) {
  const { t } = useCandidatesText();
  const { search } = address;
  return (
    <TextField
      id="candidates-search"
      type="search"
      label={t('filters.search')}
      placeholder={t('filters.searchHelp')}
      value={search}
      onChange={(event) => address.searchFor(event.target.value)}
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
              <IconButton size="small" aria-label={t('filters.clearSearch')} onClick={address.clearSearch} edge="end">
                <ClearIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
        inputLabel: { shrink: true },
      }}
    />
  );
}

/** Search, school (when there are several), sort and favourites only; each kept in the address. */
export function CandidateFilters({ clients, address }: { clients: readonly CandidateClientAccess[]; address: CandidatesAddress }) {
  const { t } = useCandidatesText();
  const { update, school, sort, favouritesOnly } = address;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        alignItems: 'center',
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: clients.length > 1 ? '2fr 1.3fr 1.3fr auto' : '2fr 1.3fr auto' },
      }}
    >
      <SearchField address={address} />
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
        control={<Switch checked={favouritesOnly} onChange={(event) => update({ favourites: event.target.checked ? '1' : undefined })} />}
        label={t('filters.favouritesOnly')}
        sx={{ mr: 0, whiteSpace: 'nowrap' }}
      />
    </Box>
  );
}
