import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useSetFavourite } from '../api/set-favourite';
import { useCandidatesText } from '../use-candidates-text';
import { useToast } from '../../../lib/toast';

/**
 * The favourite star of one educator at one school: a toggle button (aria-pressed) that saves at once. Without
 * the right to change it, the star only shows the state.
 */
export function FavouriteButton({
  candidateId,
  clientId,
  name,
  school,
  isFavourite,
  canChange,
}: {
  candidateId: number;
  clientId: number;
  name: string;
  school: string;
  isFavourite: boolean;
  canChange: boolean;
}) {
  const { t } = useCandidatesText();
  const toast = useToast();
  const favourite = useSetFavourite();
  const icon = isFavourite ? <StarIcon sx={{ color: '#b26a00' }} /> : <StarBorderIcon />;
  if (!canChange) {
    const label = isFavourite ? t('favourite.marked', { name, school }) : t('favourite.cannot', { school });
    return (
      <Tooltip title={label}>
        <span role="img" aria-label={label} style={{ display: 'inline-flex', padding: 8, opacity: isFavourite ? 1 : 0.4 }}>
          {icon}
        </span>
      </Tooltip>
    );
  }
  const label = isFavourite ? t('favourite.unmark', { name, school }) : t('favourite.mark', { name, school });
  const toggle = () => {
    const next = !isFavourite;
    favourite.mutate(
      { candidateId, clientId, isFavourite: next },
      {
        onSuccess: () => toast.success(next ? t('favourite.added', { name, school }) : t('favourite.removed', { name, school })),
        onError: () => toast.error(t('favourite.failed')),
      },
    );
  };
  return (
    <Tooltip title={label}>
      <IconButton
        aria-label={t('favourite.mark', { name, school })}
        aria-pressed={isFavourite}
        onClick={toggle}
        disabled={favourite.isPending}
        data-testid="favourite-toggle"
        data-favourite={isFavourite}
      >
        {icon}
      </IconButton>
    </Tooltip>
  );
}
