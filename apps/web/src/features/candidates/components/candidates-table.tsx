import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { visuallyHidden } from '../../../components/visually-hidden';
import { formatDay } from '../../../lib/locale-format';
import { paths } from '../../../lib/paths';
import type { CandidateRow } from '../candidate-rows';
import { useCandidatesText } from '../use-candidates-text';
import { CandidatePicture } from './candidate-picture';
import { ExcludedChip } from './excluded-chip';
import { FavouriteButton } from './favourite-button';

export function candidateHref(candidateId: number): string {
  return `${paths.candidates}?educator=${candidateId}`;
}

/** Desktop: one row per educator and school; the name opens the educator. */
export function CandidatesTable({ rows, caption, showSchool }: { rows: CandidateRow[]; caption: string; showSchool: boolean }) {
  const { t, locale } = useCandidatesText();
  const day = (date: string | null) =>
    date ? (
      formatDay(date, locale)
    ) : (
      <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
        {t('list.none')}
      </Typography>
    );
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" sx={{ minWidth: 760, '& td, & th': { px: 2 } }}>
        <Box component="caption" sx={visuallyHidden}>
          {caption}
        </Box>
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' } }}>
            <TableCell>{t('list.educator')}</TableCell>
            {showSchool && <TableCell>{t('list.school')}</TableCell>}
            <TableCell>{t('list.lastDate')}</TableCell>
            <TableCell>{t('list.nextDate')}</TableCell>
            <TableCell align="right">{t('list.bookings')}</TableCell>
            <TableCell align="center">{t('list.favourite')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={`${row.clientId}-${row.candidateId}`} hover data-testid="candidate-row" data-candidate-id={row.candidateId}>
              <TableCell component="th" scope="row" sx={{ py: 1.25 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
                  <CandidatePicture candidateId={row.candidateId} name={row.fullName} />
                  <Box sx={{ minWidth: 0 }}>
                    <Link component={RouterLink} to={candidateHref(row.candidateId)} sx={{ fontWeight: 600 }}>
                      {row.fullName}
                    </Link>
                    {row.headline && (
                      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                        {row.headline}
                      </Typography>
                    )}
                    {row.isExcluded && <ExcludedChip />}
                  </Box>
                </Box>
              </TableCell>
              {showSchool && <TableCell>{row.clientName}</TableCell>}
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{day(row.lastDateLocal)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{day(row.nextDateLocal)}</TableCell>
              <TableCell align="right">{row.bookingsCount.toLocaleString(locale)}</TableCell>
              <TableCell align="center" sx={{ py: 0 }}>
                <FavouriteButton
                  candidateId={row.candidateId}
                  clientId={row.clientId}
                  name={row.fullName}
                  school={row.clientName}
                  isFavourite={row.isFavourite}
                  canChange={row.canFavourite}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
