import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { useFavouriteEducators } from '../api/get-favourite-educators';

/**
 * Optional: one of the school's favourite educators asked for by name ('request this educator'); the provider
 * offers the booking to them first when they are free. A choice that is not a favourite of the chosen school
 * (another location was picked) is dropped.
 */
export function RequestedEducatorField({
  clientId,
  schoolName,
  value,
  onChange,
  offered,
}: {
  /** An educator offered besides the favourites (the booker came from their page), when the school knows them. */
  offered?: number | undefined;
  clientId: number;
  schoolName: string;
  value: number | undefined;
  onChange: (candidateId: number | undefined) => void;
}) {
  const { i18n } = useTranslation();
  const t = i18n.getFixedT(i18n.language, 'candidates' as never) as unknown as (key: string, options?: object) => string;
  const headingId = useId();
  const favourites = useFavouriteEducators(clientId, offered);
  const list = favourites.data;

  useEffect(() => {
    if (value !== undefined && list && !list.some((educator) => educator.candidateId === value)) onChange(undefined);
  }, [list, value, onChange]);

  // A contact who may not see the school's educators is not offered any.
  if (favourites.error instanceof ApiError && favourites.error.status === 403) return null;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ borderRadius: '16px', p: { xs: 2, sm: 3 } }}
      data-testid="requested-educator"
    >
      <Typography variant="h2" id={headingId} sx={{ fontSize: '1.125rem', mb: 0.5 }}>
        {t('request.heading')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {list && list.length === 0 ? t('request.noFavourites', { school: schoolName }) : t('request.help', { school: schoolName })}
      </Typography>
      {favourites.isPending && <Skeleton variant="rounded" height={56} />}
      {favourites.isError && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('request.loadFailed')}
        </Typography>
      )}
      {list && list.length > 0 && (
        <TextField
          id="booking-requested-educator"
          select
          fullWidth
          label={t('request.label')}
          value={value === undefined ? '' : String(value)}
          onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{t('request.none')}</option>
          {list.map((educator) => (
            <option key={educator.candidateId} value={String(educator.candidateId)}>
              {educator.headline ? `${educator.fullName} · ${educator.headline}` : educator.fullName}
            </option>
          ))}
        </TextField>
      )}
    </Paper>
  );
}
