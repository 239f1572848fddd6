import type { CandidateBooking, CandidateComplianceCheck, CandidateDetailsResponse } from '@portal/contract/candidates';
import { locationLabel } from '@portal/contract/format/location-name';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AccessTimeOutlinedIcon from '@mui/icons-material/AccessTimeOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import WarningAmberOutlinedIcon from '@mui/icons-material/WarningAmberOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ToneChip } from '../../../components/tone-chip';
import { ApiError } from '../../../lib/api-error';
import { formatDay, formatTimeOfDay } from '../../../lib/locale-format';
import { bookingPath, paths } from '../../../lib/paths';
import { useToast } from '../../../lib/toast';
import { useCandidateDetails } from '../api/get-candidate-details';
import { useCandidatesText } from '../use-candidates-text';
import { BookEducatorButton } from './book-educator-button';
import { CandidatePicture } from './candidate-picture';
import { ExclusionControl } from './exclusion-control';
import { FavouriteButton } from './favourite-button';
import { ErrorState, LoadingState } from '../../../components/query-state';

const card = { borderRadius: '16px', p: { xs: 2, sm: 3 } } as const;

function Section({ id, title, children, help }: { id: string; title: string; children: ReactNode; help?: string }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={card}>
      <Typography variant="h2" id={id} sx={{ fontSize: '1.125rem', mb: help ? 0.5 : 2 }}>
        {title}
      </Typography>
      {help && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {help}
        </Typography>
      )}
      {children}
    </Paper>
  );
}

/** The list's address without the educator: back to the same search, sort and page. */
function useListHref(): string {
  const [params] = useSearchParams();
  const next = new URLSearchParams(params);
  next.delete('educator');
  const query = next.toString();
  return query ? `${paths.candidates}?${query}` : paths.candidates;
}

/** One educator: picture and profile, favourites per school, compliance (expired flagged) and bookings at my schools. */
export function CandidateDetail({ candidateId, timesheetsAllowed }: { candidateId: number; timesheetsAllowed: boolean }) {
  const { t } = useCandidatesText();
  const toast = useToast();
  const details = useCandidateDetails(candidateId);
  const listHref = useListHref();
  const notFound = details.error instanceof ApiError && (details.error.status === 404 || details.error.status === 403);

  // Spec §8: 'Candidate data failed to load'.
  const failedAt = details.errorUpdatedAt;
  useEffect(() => {
    if (failedAt) toast.error(t('detail.loadFailed'));
  }, [failedAt, toast, t]);

  const data = details.data;
  return (
    <Stack spacing={3} sx={{ maxWidth: 1200 }}>
      <Box>
        <Button component={RouterLink} to={listHref} startIcon={<ArrowBackIcon />} sx={{ ml: -1 }}>
          {t('detail.back')}
        </Button>
      </Box>
      {!data && (
        <>
          <Typography variant="h1">{t('title')}</Typography>
          {details.isPending && <LoadingState label={t('detail.loading')} />}
          {details.isError && (
            <ErrorState
              message={notFound ? t('detail.notFound') : t('detail.loadFailed')}
              onRetry={notFound ? undefined : () => void details.refetch()}
            />
          )}
        </>
      )}
      {data && <CandidateProfile candidateId={candidateId} data={data} timesheetsAllowed={timesheetsAllowed} />}
    </Stack>
  );
}

type Profile = CandidateDetailsResponse;

/** The educator's picture, names and headline, booking them and their timesheets, and what they say about themselves. */
function ProfileHeader({ candidateId, data, timesheetsAllowed }: { candidateId: number; data: Profile; timesheetsAllowed: boolean }) {
  const { t } = useCandidatesText();
  return (
    <Paper variant="outlined" component="section" aria-labelledby="candidate-name" sx={card}>
      <Box sx={{ display: 'flex', gap: { xs: 2, sm: 3 }, alignItems: { xs: 'flex-start', sm: 'center' }, flexWrap: 'wrap' }}>
        <CandidatePicture candidateId={candidateId} name={data.fullName} size="xxl" />
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h1" id="candidate-name" sx={{ mb: 0.5 }}>
            {data.fullName}
          </Typography>
          {data.headline && <Typography sx={{ fontWeight: 500, color: 'primary.dark' }}>{data.headline}</Typography>}
          {data.preferredName && data.preferredName !== data.firstName && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('detail.fullName', { first: data.firstName, last: data.lastName })}
            </Typography>
          )}
        </Box>
        <BookEducatorButton candidateId={candidateId} data={data} />
        {timesheetsAllowed && (
          <Button
            component={RouterLink}
            to={`${paths.timesheets}?educator=${candidateId}`}
            variant="outlined"
            startIcon={<AccessTimeOutlinedIcon />}
          >
            {t('detail.timesheets')}
          </Button>
        )}
      </Box>
      <Typography variant="h2" sx={{ fontSize: '1rem', mt: 3, mb: 0.75 }}>
        {t('detail.about')}
      </Typography>
      <Typography sx={{ color: data.summary ? 'text.primary' : 'text.secondary', maxWidth: 760, whiteSpace: 'pre-line' }}>
        {data.summary ?? t('detail.noSummary')}
      </Typography>
    </Paper>
  );
}

/** The schools the educator worked at: their bookings there, an exclusion, and the favourite star. */
function SchoolsSection({ candidateId, data }: { candidateId: number; data: Profile }) {
  const { t } = useCandidatesText();
  return (
    <Section id="candidate-schools" title={t('detail.schoolsHeading')} help={t('detail.schoolsHelp')}>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {data.clients.map((client) => (
          <Box
            component="li"
            key={client.clientId}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              py: 0.5,
              borderTop: 1,
              borderColor: 'divider',
              '&:first-of-type': { borderTop: 0 },
            }}
          >
            <SchoolOutlinedIcon aria-hidden="true" sx={{ color: 'text.secondary' }} />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 500 }}>{client.clientName}</Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {t('detail.schoolBookings', { count: client.bookingsCount })}
              </Typography>
              {client.isExcluded && (
                <Typography variant="body2" sx={{ color: 'error.dark', fontWeight: 500 }} data-testid="candidate-excluded">
                  {client.exclusionReason ? t('exclusion.shownWithReason', { reason: client.exclusionReason }) : t('exclusion.shown')}
                </Typography>
              )}
            </Box>
            <ExclusionControl
              candidateId={candidateId}
              clientId={client.clientId}
              name={data.fullName}
              school={client.clientName}
              isExcluded={client.isExcluded}
              canChange={client.canSetFavourite}
            />
            <FavouriteButton
              candidateId={candidateId}
              clientId={client.clientId}
              name={data.fullName}
              school={client.clientName}
              isFavourite={client.isFavourite}
              canChange={client.canSetFavourite}
            />
          </Box>
        ))}
      </Box>
    </Section>
  );
}

function QualificationsSection({ data }: { data: Profile }) {
  const { t } = useCandidatesText();
  return (
    <Section id="candidate-qualifications" title={t('detail.qualificationsHeading')}>
      {data.qualifications.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('detail.noQualifications')}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 1.25 }}>
          {data.qualifications.map((q) => (
            <Box component="li" key={`${q.name}-${q.year ?? ''}`} sx={{ display: 'flex', gap: 1.25 }}>
              <VerifiedOutlinedIcon aria-hidden="true" sx={{ color: 'primary.dark', mt: 0.25 }} />
              <Box>
                <Typography sx={{ fontWeight: 500 }}>{q.name}</Typography>
                {(q.issuer || q.year) && (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {q.issuer && q.year ? t('detail.qualificationFrom', { issuer: q.issuer, year: q.year }) : (q.issuer ?? String(q.year))}
                  </Typography>
                )}
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Section>
  );
}

function CandidateProfile({ candidateId, data, timesheetsAllowed }: { candidateId: number; data: Profile; timesheetsAllowed: boolean }) {
  const { t } = useCandidatesText();
  const expired = data.complianceChecks.filter((check) => check.status === 'expired').length;
  return (
    <>
      <ProfileHeader candidateId={candidateId} data={data} timesheetsAllowed={timesheetsAllowed} />

      {expired > 0 && (
        <Alert severity="error" icon={<ErrorOutlineIcon />} data-testid="compliance-expired-alert">
          {t('detail.expiredAlert', { count: expired })}
        </Alert>
      )}

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <SchoolsSection candidateId={candidateId} data={data} />
        <QualificationsSection data={data} />
      </Box>

      <Section id="candidate-compliance" title={t('detail.complianceHeading')}>
        <ComplianceChecks checks={data.complianceChecks} />
      </Section>

      <CandidateBookings data={data} />
    </>
  );
}

function ComplianceStatusChip({ status }: { status: CandidateComplianceCheck['status'] }) {
  const { t } = useCandidatesText();
  const label = t(`detail.complianceStatus.${status}`);
  if (status === 'expired') return <ToneChip tone="error" icon={<ErrorOutlineIcon />} label={label} testId="compliance-expired" />;
  if (status === 'expiring') return <ToneChip tone="warning" icon={<WarningAmberOutlinedIcon />} label={label} />;
  return <ToneChip tone="success" label={label} />;
}

function ComplianceChecks({ checks }: { checks: CandidateComplianceCheck[] }) {
  const { t, locale } = useCandidatesText();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  if (checks.length === 0) return <Typography sx={{ color: 'text.secondary' }}>{t('detail.noCompliance')}</Typography>;
  const expiry = (check: CandidateComplianceCheck) => (check.expiresOn ? formatDay(check.expiresOn, locale) : t('detail.noExpiry'));
  if (phone)
    return (
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {checks.map((check) => (
          <Box
            component="li"
            key={check.name}
            sx={{ py: 1.25, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0, pt: 0 } }}
            data-status={check.status}
          >
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}>
              <Typography sx={{ fontWeight: 500 }}>{check.name}</Typography>
              <ComplianceStatusChip status={check.status} />
            </Box>
            <Typography variant="body2" sx={{ color: check.status === 'expired' ? 'error.main' : 'text.secondary' }}>
              {t('detail.expires')}: {expiry(check)}
              {check.reference ? ` · ${check.reference}` : ''}
            </Typography>
          </Box>
        ))}
      </Box>
    );
  return (
    <Box sx={{ overflowX: 'auto', mx: { xs: -2, sm: -3 } }}>
      <Table size="small" aria-labelledby="candidate-compliance" sx={{ '& td, & th': { px: { xs: 2, sm: 3 } } }}>
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 600, color: 'text.secondary' } }}>
            <TableCell>{t('detail.check')}</TableCell>
            <TableCell>{t('detail.reference')}</TableCell>
            <TableCell>{t('detail.expires')}</TableCell>
            <TableCell>{t('detail.status')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {checks.map((check) => (
            <TableRow
              key={check.name}
              data-testid="compliance-row"
              data-status={check.status}
              sx={check.status === 'expired' ? { bgcolor: 'rgba(211, 47, 47, 0.06)' } : undefined}
            >
              <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
                {check.name}
              </TableCell>
              <TableCell>{check.reference ?? t('list.none')}</TableCell>
              <TableCell
                sx={{
                  whiteSpace: 'nowrap',
                  color: check.status === 'expired' ? 'error.main' : undefined,
                  fontWeight: check.status === 'expired' ? 600 : undefined,
                }}
              >
                {expiry(check)}
              </TableCell>
              <TableCell>
                <ComplianceStatusChip status={check.status} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function CandidateBookings({ data }: { data: CandidateDetailsResponse }) {
  const { t } = useCandidatesText();
  const [tab, setTab] = useState<'upcoming' | 'past'>(
    data.upcomingBookings.length > 0 || data.pastBookings.length === 0 ? 'upcoming' : 'past',
  );
  const rows = tab === 'upcoming' ? data.upcomingBookings : data.pastBookings;
  const total = tab === 'upcoming' ? data.upcomingBookingsCount : data.pastBookingsCount;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="candidate-bookings" sx={{ borderRadius: '16px', overflow: 'hidden' }}>
      <Box sx={{ px: { xs: 2, sm: 3 }, pt: { xs: 2, sm: 3 } }}>
        <Typography variant="h2" id="candidate-bookings" sx={{ fontSize: '1.125rem', mb: 1 }}>
          {t('detail.bookingsHeading')}
        </Typography>
        <Tabs
          value={tab}
          onChange={(_, value: 'upcoming' | 'past') => setTab(value)}
          aria-label={t('detail.bookingsTabs')}
          sx={{ borderBottom: 1, borderColor: 'divider', '& .MuiTab-root.Mui-selected': { color: 'primary.dark' } }}
        >
          <Tab
            value="upcoming"
            label={t('detail.upcoming', { count: data.upcomingBookingsCount })}
            id="candidate-tab-upcoming"
            aria-controls="candidate-panel-bookings"
          />
          <Tab
            value="past"
            label={t('detail.past', { count: data.pastBookingsCount })}
            id="candidate-tab-past"
            aria-controls="candidate-panel-bookings"
          />
        </Tabs>
      </Box>
      <Box role="tabpanel" id="candidate-panel-bookings" aria-labelledby={`candidate-tab-${tab}`}>
        {rows.length === 0 ? (
          <Typography sx={{ color: 'text.secondary', px: { xs: 2, sm: 3 }, py: 3 }}>
            {tab === 'upcoming' ? t('detail.noUpcoming') : t('detail.noPast')}
          </Typography>
        ) : (
          <>
            <BookingRows rows={rows} />
            {total > rows.length && (
              <Typography
                variant="body2"
                sx={{ color: 'text.secondary', px: { xs: 2, sm: 3 }, py: 1.5, borderTop: 1, borderColor: 'divider' }}
              >
                {t('detail.showingOf', { shown: rows.length, total })}
              </Typography>
            )}
          </>
        )}
      </Box>
    </Paper>
  );
}

function BookingRows({ rows }: { rows: CandidateBooking[] }) {
  const { t, locale } = useCandidatesText();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const time = (row: CandidateBooking) =>
    t('detail.timeRange', { start: formatTimeOfDay(row.startTime, locale), end: formatTimeOfDay(row.endTime, locale) });
  const where = (row: CandidateBooking) => locationLabel(row.clientName, row.locationName);
  if (phone)
    return (
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {rows.map((row) => (
          <Box component="li" key={row.bookingId} sx={{ borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
            <Box
              component={RouterLink}
              to={bookingPath(row.bookingId)}
              sx={{
                display: 'grid',
                gap: 0.25,
                px: 2,
                py: 1.5,
                color: 'inherit',
                textDecoration: 'none',
                '&:hover, &:focus-visible': { bgcolor: 'action.hover' },
              }}
            >
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <Typography component="span" sx={{ fontWeight: 700 }}>
                  {formatDay(row.dateLocal, locale)}
                </Typography>
                <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                  {t(`status.${row.status}`)}
                </Typography>
              </Box>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {time(row)}
                {row.classification ? ` · ${row.classification}` : ''}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {where(row)}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    );
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-labelledby="candidate-bookings" sx={{ '& td, & th': { px: 3 } }}>
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 600, color: 'text.secondary' } }}>
            <TableCell>{t('detail.date')}</TableCell>
            <TableCell>{t('detail.time')}</TableCell>
            <TableCell>{t('detail.where')}</TableCell>
            <TableCell>{t('detail.role')}</TableCell>
            <TableCell>{t('detail.status')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const day = formatDay(row.dateLocal, locale);
            return (
              <TableRow key={row.bookingId} hover data-testid="candidate-booking">
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Link
                    component={RouterLink}
                    to={bookingPath(row.bookingId)}
                    sx={{ fontWeight: 600 }}
                    aria-label={t('detail.viewBooking', { date: day })}
                  >
                    {day}
                  </Link>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{time(row)}</TableCell>
                <TableCell>{where(row)}</TableCell>
                <TableCell>{row.classification ?? t('list.none')}</TableCell>
                <TableCell>{t(`status.${row.status}`)}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
