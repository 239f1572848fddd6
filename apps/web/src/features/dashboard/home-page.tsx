import AccessTimeOutlinedIcon from '@mui/icons-material/AccessTimeOutlined';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import EventNoteOutlinedIcon from '@mui/icons-material/EventNoteOutlined';
import GridViewOutlinedIcon from '@mui/icons-material/GridViewOutlined';
import HourglassEmptyOutlinedIcon from '@mui/icons-material/HourglassEmptyOutlined';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import PendingActionsOutlinedIcon from '@mui/icons-material/PendingActionsOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import TrendingUpOutlinedIcon from '@mui/icons-material/TrendingUpOutlined';
import ViewListOutlinedIcon from '@mui/icons-material/ViewListOutlined';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { allClients } from '@portal/contract/permissions';
import { homeAccess, type HomeAccess } from '@portal/contract/dashboard';
import type { BookingStatus } from '@portal/contract/domain';
import type { ProfileResponse } from '@portal/contract/profile';
import type { DateTime } from 'luxon';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { bookingsListHref } from '../../lib/bookings-link';
import { formatDateList } from '../../lib/locale-format';
import { paths } from '../../lib/paths';
import { useProfile } from '../../lib/profile';
import { useToast } from '../../lib/toast';
import { DASHBOARD_LAYOUTS, readDashboardLayout, useDashboardLayout, type DashboardLayout } from '../../lib/ui-preferences';
import { useLaterRender } from '../../lib/use-later-render';
import { usePageTitle } from '../../lib/use-page-title';
import { useSelectedClientIds } from '../../lib/use-selected-clients';
import { bookingsOverviewQueryOptions } from './api/get-bookings-overview';
import { bookingsSummaryQueryOptions } from '../../api/bookings-summary';
import { pendingRequestCountQueryOptions } from '../../api/pending-requests-count';
import { clientBookingsSummaryQueryOptions } from './api/get-client-bookings-summary';
import { locationsQueryOptions } from './api/get-locations';
import { ownPendingRequestsQueryOptions } from './api/get-own-pending-requests';
import { outstandingInvoicesCountQueryOptions } from './api/get-outstanding-invoices-count';
import { timesheetsOverviewQueryOptions } from '../../api/timesheets-overview';
import { BookingsCalendar } from './components/bookings-calendar';
import { LocationsPanel } from './components/locations-panel';
import { SummaryTiles, type SummaryItem } from './components/summary-tiles';
import { YearlySummary } from './components/yearly-summary';
import { QuickBook } from './components/quick-book';
import { UnfilledRiskPanel } from './components/unfilled-risk-panel';
import { unfilledRiskQueryOptions } from './api/get-unfilled-risk';
import { localNow } from '../../lib/local-clock';
import { ErrorState } from '../../components/query-state';
import { bookingLocationsQueryOptions } from '../../api/booking-locations';
import { firstRequest, type FirstRequest, type FirstRequests } from '../../lib/first-requests';

const LAYOUT_NAMES = { [DASHBOARD_LAYOUTS.TILE]: 'tile', [DASHBOARD_LAYOUTS.LIST]: 'list', [DASHBOARD_LAYOUTS.MAP]: 'map' } as const;

/** A day of the calendar opens that day's bookings list. */
function dayListHref(date: string): string {
  return bookingsListHref({ from: date, to: date });
}

function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

type Access = HomeAccess;
type PagesTranslate = ReturnType<typeof useTranslation<'pages'>>['t'];
type Format = (value: number | undefined) => string | undefined;

const NO_ACCESS: Access = {
  bookings: false,
  approves: false,
  requests: false,
  accounts: false,
  timesheets: false,
  replaceMe: false,
  createBookings: false,
};

interface DashboardArgs {
  profile: ProfileResponse | undefined;
  selected: readonly number[];
  layout: DashboardLayout;
  todayIso: string;
  month: DateTime;
  year: number;
}

/**
 * Every request the dashboard makes, each enabled only when the user may see it (and the map's only in its layout):
 * the page's own queries, and what its route asks for before the page has rendered (`homeFirstRequests`).
 */
function dashboardRequests({ profile, selected, layout, todayIso, month, year }: DashboardArgs) {
  const access = profile ? homeAccess(profile.links, selected) : NO_ACCESS;
  const some = selected.length > 0;
  const firstClient = (profile ? allClients(profile.links) : []).find((client) => client.clientId === selected[0]);
  const contactId = profile?.contact.id;
  const yearRange = { timeZone: browserTimeZone(), dateFromLocal: `${year}-01-01`, dateToLocal: `${year}-12-31` };
  return {
    access,
    firstClient,
    queries: {
      summary: { ...bookingsSummaryQueryOptions(selected, todayIso), enabled: access.bookings && some },
      unfilledRisk: { ...unfilledRiskQueryOptions(selected), enabled: access.bookings && some },
      overview: {
        ...bookingsOverviewQueryOptions(selected, month.toISODate()!, month.endOf('month').toISODate()!),
        enabled: access.bookings && some,
      },
      yearly: {
        ...clientBookingsSummaryQueryOptions(firstClient?.clientId ?? 0, yearRange),
        enabled: access.bookings && firstClient !== undefined,
      },
      awaiting: { ...pendingRequestCountQueryOptions(selected), enabled: access.approves && access.bookings && some },
      ownRequests: {
        ...ownPendingRequestsQueryOptions(selected, contactId ?? 0),
        enabled: !access.approves && access.requests && contactId !== undefined && some,
      },
      invoices: { ...outstandingInvoicesCountQueryOptions(selected), enabled: access.accounts && some },
      timesheets: { ...timesheetsOverviewQueryOptions(selected), enabled: access.timesheets && some },
      locations: { ...locationsQueryOptions(selected), enabled: layout === DASHBOARD_LAYOUTS.MAP && some },
    },
  };
}

/** The dashboard's queries (`dashboardRequests`). */
function useDashboardQueries(args: DashboardArgs) {
  const { access, firstClient, queries } = dashboardRequests(args);
  return {
    access,
    firstClient,
    summary: useQuery(queries.summary),
    unfilledRisk: useQuery(queries.unfilledRisk),
    overview: useQuery(queries.overview),
    yearly: useQuery(queries.yearly),
    awaiting: useQuery(queries.awaiting),
    ownRequests: useQuery(queries.ownRequests),
    invoices: useQuery(queries.invoices),
    timesheets: useQuery(queries.timesheets),
    locations: useQuery(queries.locations),
  };
}

/** Home's day, as the page works it out as it renders. */
function homeDay() {
  const today = localNow().startOf('day');
  return { todayIso: today.toISODate()!, month: today.startOf('month'), year: today.year };
}

/**
 * What Home asks for first, started by its route once the session check has passed: the dashboard's enabled
 * requests, and the quick-book card's locations when it shows.
 */
export const homeFirstRequests: FirstRequests = ({ profile, selectedClientIds }) => {
  const { access, queries } = dashboardRequests({ profile, selected: selectedClientIds, layout: readDashboardLayout(), ...homeDay() });
  const requests: FirstRequest[] = Object.values(queries)
    .filter((query) => query.enabled)
    .map(({ enabled: _enabled, ...options }) => firstRequest(options));
  if (access.createBookings) requests.push(firstRequest(bookingLocationsQueryOptions()));
  return requests;
};

type DashboardQueries = ReturnType<typeof useDashboardQueries>;

/** Today's and the period's bookings: all, filled, unfilled, and the fill rate; each opens the list it counts. */
function bookingItems(t: PagesTranslate, format: Format, todayIso: string, s: DashboardQueries['summary']['data']): SummaryItem[] {
  const todayList = (statuses?: BookingStatus[]) => bookingsListHref({ from: todayIso, to: todayIso, statuses });
  const periodList = (statuses?: BookingStatus[]) => bookingsListHref({ from: todayIso, to: s?.dateToLocal, statuses });
  return [
    { key: 'today', label: t('home.tiles.today'), value: format(s?.today.total), icon: <EventNoteOutlinedIcon />, to: todayList() },
    {
      key: 'filledToday',
      label: t('home.tiles.filledToday'),
      value: format(s && s.today.filled + s.today.commenced + s.today.completed),
      icon: <CheckCircleOutlineIcon />,
      to: todayList(['filled', 'commenced', 'completed']),
    },
    {
      key: 'unfilledToday',
      label: t('home.tiles.unfilledToday'),
      value: format(s?.today.unfilled),
      icon: <HourglassEmptyOutlinedIcon />,
      to: todayList(['unfilled']),
    },
    { key: 'period', label: t('home.tiles.period'), value: format(s?.period.total), icon: <EventNoteOutlinedIcon />, to: periodList() },
    {
      key: 'unfilledPeriod',
      label: t('home.tiles.unfilledPeriod'),
      value: format(s?.period.unfilled),
      icon: <HourglassEmptyOutlinedIcon />,
      to: periodList(['unfilled']),
    },
    {
      key: 'fillRate',
      label: t('home.tiles.fillRate'),
      value: s ? (s.period.fillRatePercentage < 0 ? t('home.noFillRate') : `${s.period.fillRatePercentage}%`) : undefined,
      icon: <TrendingUpOutlinedIcon />,
      to: periodList(),
    },
  ];
}

/** The counts of what waits: requests to approve (or one's own), outstanding invoices, timesheets to approve. */
function waitingItems(t: PagesTranslate, format: Format, access: Access, queries: DashboardQueries): SummaryItem[] {
  const { awaiting, ownRequests, invoices, timesheets } = queries;
  const items: SummaryItem[] = [];
  if (access.approves && access.bookings) {
    items.push({
      key: 'pendingApproval',
      label: t('home.tiles.pendingApproval'),
      // The requests the page it opens lists (not the per-day bookings of the period's summary).
      value: awaiting.isError ? t('home.noFillRate') : format(awaiting.data),
      icon: <PendingActionsOutlinedIcon />,
      to: paths.bookingsPendingApproval,
    });
  } else if (access.requests) {
    items.push({
      key: 'pendingApproval',
      label: t('home.tiles.ownPendingApproval'),
      value: ownRequests.isError ? t('home.noFillRate') : format(ownRequests.data),
      icon: <PendingActionsOutlinedIcon />,
      to: paths.bookingsPendingApproval,
    });
  }
  if (access.accounts) {
    items.push({
      key: 'outstandingInvoices',
      label: t('home.tiles.outstandingInvoices'),
      value: invoices.isError ? t('home.noFillRate') : format(invoices.data?.outstandingInvoicesCount),
      icon: <ReceiptLongOutlinedIcon />,
      // The outstanding ones: Finance filtered to unpaid.
      to: `${paths.finance}?status=unpaid`,
    });
  }
  if (access.timesheets) {
    items.push({
      key: 'timesheets',
      label: t('home.tiles.timesheets'),
      value: timesheets.isError ? t('home.noFillRate') : format(timesheets.data?.totals.pendingApproval),
      icon: <AccessTimeOutlinedIcon />,
      to: paths.timesheets,
    });
  }
  return items;
}

const LAYOUT_BUTTONS = [
  { value: DASHBOARD_LAYOUTS.TILE, name: 'tile', icon: <GridViewOutlinedIcon fontSize="small" /> },
  { value: DASHBOARD_LAYOUTS.LIST, name: 'list', icon: <ViewListOutlinedIcon fontSize="small" /> },
  { value: DASHBOARD_LAYOUTS.MAP, name: 'map', icon: <MapOutlinedIcon fontSize="small" /> },
] as const;

/** Tiles, list or map; the words beside the icons from sm. */
function LayoutToggle({ layout, onChange }: { layout: DashboardLayout; onChange: (layout: DashboardLayout) => void }) {
  const { t } = useTranslation('pages');
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={layout}
      aria-label={t('home.layout')}
      sx={{
        '& .MuiToggleButton-root': { color: 'text.secondary' },
        '& .MuiToggleButton-root.Mui-selected': { color: 'text.primary' },
      }}
      onChange={(_, value: DashboardLayout | null) => value !== null && onChange(value)}
    >
      {LAYOUT_BUTTONS.map((button) => (
        <ToggleButton key={button.value} value={button.value} aria-label={t(`home.layouts.${button.name}`)} sx={{ gap: 0.75, px: 1.5 }}>
          {button.icon}
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }} aria-hidden="true">
            {t(`home.layouts.${button.name}`)}
          </Box>
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

/** The title, the greeting and the period the counts cover. */
function HomeHeading({
  firstName,
  summary,
  keepPeriodLine,
}: {
  firstName: string;
  summary: DashboardQueries['summary']['data'];
  /** The period's line is kept while the summary loads, so the page below does not move when it arrives. */
  keepPeriodLine: boolean;
}) {
  const { t, i18n } = useTranslation('pages');
  const locale = i18n.language;
  // On a phone the heading has its own row: with the layout toggle beside a shorter loading line, the toggle would
  // first fit beside it, then wrap below (moving the page down) once the period's line arrives.
  return (
    <Box sx={{ flex: { xs: '1 1 100%', sm: '0 1 auto' } }}>
      <Typography variant="h1" sx={{ mb: 0.5 }}>
        {t('home.title')}
      </Typography>
      <Typography sx={{ fontSize: '1.125rem', fontWeight: 500 }}>{t('home.greeting', { firstName })}</Typography>
      {summary ? (
        <Typography data-testid="period-range" sx={{ color: 'text.secondary' }}>
          {t('home.periodRange', { from: formatDateList(summary.dateFromLocal, locale), to: formatDateList(summary.dateToLocal, locale) })}
        </Typography>
      ) : (
        keepPeriodLine && (
          <Typography aria-hidden="true">
            <Skeleton width="14em" />
          </Typography>
        )
      )}
    </Box>
  );
}

/**
 * Home (spec §2, title Home): the selected clients' bookings, invoices and timesheets in three layouts, each
 * count opening the list it counts; for a contact who manages their own days, their availability part (given by
 * the app shell).
 */
export function HomePage({ availability }: { availability?: ReactNode }) {
  const { t, i18n } = useTranslation('pages');
  usePageTitle(t('home.title'));
  const profile = useProfile().data;
  const selected = useSelectedClientIds();
  const [layout, setLayout] = useDashboardLayout();
  const toast = useToast();
  const locale = i18n.language;
  // The calendar, the year and availability are below the first screen of a phone: drawn in a later commit.
  const later = useLaterRender();

  const { todayIso, month: thisMonth, year } = homeDay();
  const [month, setMonth] = useState<DateTime>(thisMonth);
  const queries = useDashboardQueries({ profile, selected, layout, todayIso, month, year });
  const { access, firstClient, summary, unfilledRisk, overview, yearly, invoices, locations } = queries;

  // Spec §8: the outstanding count's failure is a toast, spelt as the spec spells it.
  useEffect(() => {
    if (invoices.isError) toast.error(t('home.outstandingInvoicesFailed'));
  }, [invoices.isError, toast, t]);

  const counts = useMemo(
    () => (overview.data ? new Map(overview.data.map((entry) => [entry.dateLocal, entry.totalBookingsCount])) : undefined),
    [overview.data],
  );

  if (!profile) return null;
  const format = (value: number | undefined) => (value === undefined ? undefined : value.toLocaleString(locale));
  const items = [...(access.bookings ? bookingItems(t, format, todayIso, summary.data) : []), ...waitingItems(t, format, access, queries)];
  const failed = summary.isError || overview.isError || yearly.isError || locations.isError;
  const layoutName = LAYOUT_NAMES[layout];

  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-end', justifyContent: 'space-between' }}>
        <HomeHeading firstName={profile.contact.firstName} summary={summary.data} keepPeriodLine={access.bookings && !summary.isError} />
        {items.length > 0 && <LayoutToggle layout={layout} onChange={setLayout} />}
      </Box>
      {/* The map layout is about the map: it comes first, on a phone too, where it would be screens down. */}
      {layoutName === 'map' && items.length > 0 && <LocationsPanel locations={locations.data} />}
      {access.createBookings && <QuickBook />}
      {failed && (
        <ErrorState
          message={t('home.loadFailed')}
          onRetry={() => [summary, overview, yearly, locations].forEach((query) => query.isError && void query.refetch())}
        />
      )}
      {items.length > 0 && <SummaryTiles items={items} layout={layoutName === 'list' ? 'list' : 'tile'} label={t('home.periodHeading')} />}
      {access.bookings && (
        <UnfilledRiskPanel bookings={unfilledRisk.data?.bookings} total={unfilledRisk.data?.total ?? 0} loading={unfilledRisk.isPending} />
      )}
      {/* Someone with nothing else here (a teacher) sees their availability first; others below the bookings. */}
      {items.length === 0 && availability}
      {later && access.bookings && (
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', lg: layoutName === 'list' ? '1fr' : '3fr 2fr' },
            alignItems: 'start',
          }}
        >
          <BookingsCalendar month={month} counts={counts} onMonthChange={setMonth} loading={overview.isPending} dayHref={dayListHref} />
          {yearly.data && firstClient && (
            <YearlySummary summary={yearly.data} clientName={firstClient.clientName} year={year} selectedCount={selected.length} />
          )}
        </Box>
      )}
      {later && items.length > 0 && access.replaceMe && availability}
    </Stack>
  );
}
