import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatDay } from '../../../lib/locale-format';
import type { CandidateRow } from '../candidate-rows';
import { useCandidatesText } from '../use-candidates-text';
import { CandidatePicture } from './candidate-picture';
import { candidateHref } from './candidates-table';
import { ExcludedChip } from './excluded-chip';
import { FavouriteButton } from './favourite-button';

/** Phone: one card per educator and school; the name and picture open the educator, the star stays a button. */
export function CandidateCards({ rows, label, showSchool }: { rows: CandidateRow[]; label: string; showSchool: boolean }) {
  const { t, locale } = useCandidatesText();
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((row) => (
        <Box
          component="li"
          key={`${row.clientId}-${row.candidateId}`}
          data-testid="candidate-card"
          data-candidate-id={row.candidateId}
          sx={{ borderTop: 1, borderColor: 'divider', display: 'flex', alignItems: 'center', pr: 1 }}
        >
          <Box
            component={RouterLink}
            to={candidateHref(row.candidateId)}
            aria-label={t('list.open', { name: row.fullName })}
            sx={{
              flex: 1,
              minWidth: 0,
              display: 'flex',
              gap: 1.5,
              alignItems: 'center',
              pl: 2,
              pr: 1,
              py: 1.75,
              color: 'inherit',
              textDecoration: 'none',
              '&:hover, &:focus-visible': { bgcolor: 'action.hover' },
            }}
          >
            <CandidatePicture candidateId={row.candidateId} name={row.fullName} size="lg" />
            <Box sx={{ flex: 1, minWidth: 0, display: 'grid', gap: 0.25 }}>
              <Typography component="span" sx={{ fontWeight: 700 }} noWrap>
                {row.fullName}
              </Typography>
              {row.headline && (
                <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
                  {row.headline}
                </Typography>
              )}
              {showSchool && (
                <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
                  {row.clientName}
                </Typography>
              )}
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {row.nextDateLocal
                  ? t('list.nextOn', { date: formatDay(row.nextDateLocal, locale) })
                  : row.lastDateLocal
                    ? t('list.lastOn', { date: formatDay(row.lastDateLocal, locale) })
                    : t('list.notYet')}
                {' · '}
                {t('list.bookingsCount', { count: row.bookingsCount })}
              </Typography>
              {row.isExcluded && <ExcludedChip />}
            </Box>
            <ChevronRightIcon aria-hidden="true" sx={{ color: 'text.secondary' }} />
          </Box>
          <FavouriteButton
            candidateId={row.candidateId}
            clientId={row.clientId}
            name={row.fullName}
            school={row.clientName}
            isFavourite={row.isFavourite}
            canChange={row.canFavourite}
          />
        </Box>
      ))}
    </Box>
  );
}
