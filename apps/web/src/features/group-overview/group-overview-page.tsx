import { rollWeekend } from '@portal/contract/school-days';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import Typography from '@mui/material/Typography';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import TableRowsOutlinedIcon from '@mui/icons-material/TableRowsOutlined';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateFilterField } from '../../components/locale-date-field';
import { ApiError } from '../../lib/api-error';
import { useProfile } from '../../lib/profile';
import { getRuntimeConfig } from '../../lib/runtime-config';
import { usePageTitle } from '../../lib/use-page-title';
import { useGroupOverview } from './api/get-group-overview';
import { GroupOverviewTable, rowName } from './group-overview-table';
import { ErrorState } from '../../components/query-state';
import { localNow } from '../../lib/local-clock';

const LocationsMap = lazy(async () => ({ default: (await import('../../components/locations-map')).LocationsMap }));

type Rows = NonNullable<ReturnType<typeof useGroupOverview>['data']>;
type View = 'table' | 'map';

/** The locations that have a place on the map, each labelled with its fill rate. */
function mapPoints(rows: Rows | undefined) {
  return (rows ?? [])
    .filter((row) => row.address.latitude !== null && row.address.longitude !== null)
    .map((row) => ({
      id: row.locationId,
      label: `${rowName(row)}: ${row.fillRatePercentage < 0 ? '—' : `${row.fillRatePercentage}%`}`,
      detail: row.address.fullAddress,
      latitude: row.address.latitude!,
      longitude: row.address.longitude!,
    }));
}

/** Table or map, where there is room for only one of them. */
function ViewToggle({ view, onChange }: { view: View; onChange: (view: View) => void }) {
  const { t } = useTranslation('pages');
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={view}
      aria-label={t('groupOverview.view')}
      sx={{
        '& .MuiToggleButton-root': { color: 'text.secondary' },
        '& .MuiToggleButton-root.Mui-selected': { color: 'text.primary' },
      }}
      onChange={(_, value: View | null) => value !== null && onChange(value)}
    >
      <ToggleButton value="table" sx={{ gap: 0.75, px: 1.5, minHeight: 40 }}>
        <TableRowsOutlinedIcon fontSize="small" aria-hidden="true" />
        {t('groupOverview.views.table')}
      </ToggleButton>
      <ToggleButton value="map" sx={{ gap: 0.75, px: 1.5, minHeight: 40 }}>
        <MapOutlinedIcon fontSize="small" aria-hidden="true" />
        {t('groupOverview.views.map')}
      </ToggleButton>
    </ToggleButtonGroup>
  );
}

/** The locations on a map (its code loaded when first shown). */
function GroupMap({ rows }: { rows: Rows | undefined }) {
  const { t } = useTranslation('pages');
  const points = useMemo(() => mapPoints(rows), [rows]);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="group-map-heading" sx={{ borderRadius: '16px', p: 2 }}>
      <Typography variant="h2" id="group-map-heading" sx={{ fontSize: '1.125rem', mb: 1.5 }}>
        {t('groupOverview.mapHeading')}
      </Typography>
      <Suspense fallback={<Skeleton variant="rounded" height={320} />}>
        {rows ? (
          <LocationsMap points={points} tilesUrl={getRuntimeConfig().mapTilesUrl} label={t('groupOverview.mapLabel')} height={320} />
        ) : (
          <Skeleton variant="rounded" height={320} />
        )}
      </Suspense>
    </Paper>
  );
}

/** Spec §2 and §3: fill rates of every location of the user's school group on a day (only with the contact's flag). */
export function GroupOverviewPage() {
  const { t } = useTranslation('pages');
  usePageTitle(t('groupOverview.title'));
  const profile = useProfile().data;
  const groups = profile?.links.groups ?? [];
  const [groupId, setGroupId] = useState<number | undefined>(groups[0]?.groupId);
  // Spec §9: a weekend rolls to the next weekday (schools are closed, so Monday is the useful default).
  const [date, setDate] = useState(() => rollWeekend(localNow().toISODate()!));
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  const overview = useGroupOverview(groupId ?? groups[0]?.groupId, date, timeZone);
  const rows = overview.data;
  const totals = (rows ?? []).reduce((sum, row) => ({ filled: sum.filled + row.filledBookings, total: sum.total + row.totalBookings }), {
    filled: 0,
    total: 0,
  });
  // Below the two-column width the map would sit under the whole table: a toggle shows one or the other.
  const theme = useTheme();
  const oneColumn = useMediaQuery(theme.breakpoints.down('lg'), { noSsr: true });
  const [view, setView] = useState<View>('table');
  const showTable = !oneColumn || view === 'table';
  const showMap = !oneColumn || view === 'map';
  const reason = overview.error instanceof ApiError ? (overview.error.serverMessage ?? overview.error.title) : undefined;

  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {t('groupOverview.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{t('groupOverview.description')}</Typography>
      </div>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        {groups.length > 1 && (
          <TextField
            select
            size="small"
            label={t('groupOverview.group')}
            value={groupId ?? ''}
            onChange={(event) => setGroupId(Number(event.target.value))}
            sx={{ minWidth: 220 }}
          >
            {groups.map((group) => (
              <MenuItem key={group.groupId} value={group.groupId}>
                {group.groupName}
              </MenuItem>
            ))}
          </TextField>
        )}
        <DateFilterField size="small" label={t('groupOverview.filterDate')} value={date} onDate={(next) => next && setDate(next)} />
        {oneColumn && <ViewToggle view={view} onChange={setView} />}
        {rows && (
          <Typography sx={{ color: 'text.secondary' }} data-testid="group-summary">
            {t('groupOverview.summary', { filled: totals.filled, total: totals.total })}
          </Typography>
        )}
      </Box>
      {overview.isError && (
        <ErrorState
          message={
            <>
              <AlertTitle>{t('groupOverview.loadFailed')}</AlertTitle>
              {reason ?? t('groupOverview.noReason')}
            </>
          }
          onRetry={() => void overview.refetch()}
        />
      )}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, alignItems: 'start' }}>
        <Paper variant="outlined" sx={{ borderRadius: '16px', overflow: 'hidden', display: showTable ? undefined : 'none' }}>
          {overview.isPending && !overview.isError ? (
            <Box sx={{ p: 2 }}>
              {[0, 1, 2, 3].map((index) => (
                <Skeleton key={index} height={40} />
              ))}
            </Box>
          ) : rows && rows.length === 0 ? (
            <Typography sx={{ p: 3 }}>{t('groupOverview.empty')}</Typography>
          ) : rows ? (
            <GroupOverviewTable rows={rows} date={date} />
          ) : null}
        </Paper>
        {showMap && <GroupMap rows={rows} />}
      </Box>
    </Stack>
  );
}
