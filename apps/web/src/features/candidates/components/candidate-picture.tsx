import Avatar from '@mui/material/Avatar';
import { AVATAR_SIZES, UserAvatar, type AvatarSize } from '../../../components/user-avatar';
import { useProfileImage } from '../api/get-profile-image';
import { useCandidatesText } from '../use-candidates-text';

/**
 * The educator's display picture (GET candidate/profile-image/{id}), with alt text; the initials avatar while it
 * loads, when the id is not a non-negative number (spec §5) or when there is no picture.
 */
export function CandidatePicture({ candidateId, name, size = 'md' }: { candidateId: number; name: string; size?: AvatarSize }) {
  const { t } = useCandidatesText();
  const picture = useProfileImage(candidateId);
  if (!picture.data) return <UserAvatar name={name} size={size} />;
  const px = AVATAR_SIZES[size];
  return (
    <Avatar
      src={picture.data}
      alt={t('picture', { name })}
      data-testid="candidate-picture"
      sx={{ width: px, height: px, bgcolor: 'action.hover', border: 1, borderColor: 'divider' }}
    />
  );
}
