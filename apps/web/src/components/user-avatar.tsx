import Avatar from '@mui/material/Avatar';
import type { SxProps, Theme } from '@mui/material/styles';

/** Spec §9: avatar sizes in pixels. */
export const AVATAR_SIZES = { xs: 24, sm: 32, md: 40, lg: 56, xl: 62, xxl: 74 } as const;
export type AvatarSize = keyof typeof AVATAR_SIZES;

/** Dark enough for white initials (at least 4.5:1) so every generated avatar passes contrast checks. */
const PALETTE = ['#1d3557', '#7b2d26', '#2d6a4f', '#5a189a', '#8a4b08', '#005f73', '#9d0208', '#3a5a40', '#6a4c93', '#0b525b'];

/** Up to two initials: first and last word ('Kōwhai Bay School' → 'KS'; 'Aroha' → 'A'). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = [...words[0]!][0] ?? '';
  const last = words.length > 1 ? ([...words[words.length - 1]!][0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

/** The same name always gets the same colour. */
export function colourOf(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return PALETTE[hash % PALETTE.length]!;
}

export function UserAvatar({ name, size = 'md', sx }: { name: string; size?: AvatarSize; sx?: SxProps<Theme> }) {
  const px = AVATAR_SIZES[size];
  return (
    <Avatar
      aria-hidden="true"
      sx={[
        { width: px, height: px, fontSize: px * 0.4, fontWeight: 700, bgcolor: colourOf(name), color: '#ffffff' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {initialsOf(name)}
    </Avatar>
  );
}
