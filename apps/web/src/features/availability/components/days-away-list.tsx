import type { DayAway } from '@portal/contract/availability';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import NotesOutlinedIcon from '@mui/icons-material/NotesOutlined';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '../../../components/visually-hidden';
import { dayTile, formatDayAway } from '../format';
import { useAvailabilityTranslation } from '../use-availability-translation';
import { ReplaceMeOffer } from './replace-me-offer';

/** The contact's days away, soonest first, each with its replace-me offer or request and a remove button. */
export function DaysAwayList({ days, today, onRemove }: { days: DayAway[]; today: string; onRemove: (day: DayAway) => void }) {
  const { t, locale } = useAvailabilityTranslation();
  return (
    <Box component="ul" aria-labelledby="availability-list-heading" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {days.map((day) => {
        const date = formatDayAway(day.dateLocal, locale);
        const tile = dayTile(day.dateLocal);
        const headingId = `day-away-${day.id}`;
        return (
          <Box
            component="li"
            key={day.id}
            aria-labelledby={headingId}
            data-testid="day-away"
            data-date={day.dateLocal}
            sx={{ px: { xs: 2, sm: 3 }, py: 2.5, borderTop: 1, borderColor: 'divider' }}
          >
            <Box sx={{ display: 'flex', gap: { xs: 1.5, sm: 2 }, alignItems: 'flex-start' }}>
              <Box
                aria-hidden="true"
                sx={{
                  flexShrink: 0,
                  width: 56,
                  borderRadius: '10px',
                  overflow: 'hidden',
                  textAlign: 'center',
                  border: 1,
                  borderColor: 'divider',
                  bgcolor: 'background.paper',
                }}
              >
                <Box
                  sx={{
                    bgcolor: 'primary.main',
                    color: 'primary.contrastText',
                    fontSize: '0.75rem',
                    fontWeight: 700,
                    py: 0.25,
                    textTransform: 'uppercase',
                  }}
                >
                  {tile.month}
                </Box>
                <Box sx={{ fontSize: '1.375rem', fontWeight: 700, lineHeight: 1.6 }}>{tile.day}</Box>
              </Box>
              <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }}>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography variant="h3" id={headingId} sx={{ fontSize: '1rem', fontWeight: 600 }}>
                    {date}
                  </Typography>
                  {day.dateLocal === today && (
                    <Chip
                      size="small"
                      label={t('list.today')}
                      sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', fontWeight: 600 }}
                    />
                  )}
                  {day.replaceMe.selectedDay === 'tomorrow' && <Chip size="small" label={t('list.tomorrow')} />}
                </Box>
                <Box>
                  <Chip size="small" variant="outlined" label={t(`reasons.${day.reason}`)} />
                </Box>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', color: 'text.secondary' }}>
                  <SchoolOutlinedIcon fontSize="small" aria-hidden="true" />
                  <Typography variant="body2">
                    <Box component="span" sx={visuallyHidden}>
                      {`${t('list.locationLabel')}: `}
                    </Box>
                    {day.locationName ?? t('list.noLocation')}
                  </Typography>
                </Box>
                {day.note && (
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', color: 'text.secondary' }}>
                    <NotesOutlinedIcon fontSize="small" aria-hidden="true" sx={{ mt: '2px' }} />
                    <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                      <Box component="span" sx={visuallyHidden}>
                        {`${t('list.noteLabel')}: `}
                      </Box>
                      {day.note}
                    </Typography>
                  </Box>
                )}
              </Stack>
              <Button
                color="error"
                size="small"
                startIcon={<DeleteOutlineIcon />}
                aria-label={t('list.removeLabel', { date })}
                onClick={() => onRemove(day)}
                sx={{ flexShrink: 0, minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
              >
                <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                  {t('list.remove')}
                </Box>
              </Button>
            </Box>
            <Box sx={{ ml: { xs: 0, sm: '72px' }, mt: 1.5, display: 'flex', flexDirection: 'column', '&:empty': { display: 'none' } }}>
              <ReplaceMeOffer replaceMe={day.replaceMe} />
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
