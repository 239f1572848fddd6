import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import ButtonBase from '@mui/material/ButtonBase';
import { styled } from '@mui/material/styles';

/** MUI's `<IconButton edge="end">` (same size, colours, hover and ripple) without IconButton's code on the first page. */
const ToggleButton = styled(ButtonBase)(({ theme }) => {
  const { palette } = theme.vars ?? theme;
  return {
    textAlign: 'center',
    flex: '0 0 auto',
    fontSize: theme.typography.pxToRem(24),
    padding: 8,
    marginRight: -12,
    borderRadius: '50%',
    color: palette.action.active,
    transition: theme.transitions.create('background-color', { duration: theme.transitions.duration.shortest }),
    '&:hover': {
      backgroundColor: theme.alpha(palette.action.active, palette.action.hoverOpacity),
      '@media (hover: none)': { backgroundColor: 'transparent' },
    },
  };
});

/** The show/hide button at the end of a password field: a toggle (aria-pressed) named by what it will do. */
export function PasswordToggle({
  shown,
  onToggle,
  label,
  controls,
}: {
  shown: boolean;
  onToggle: () => void;
  label: string;
  controls?: string;
}) {
  return (
    <ToggleButton centerRipple focusRipple onClick={onToggle} aria-label={label} aria-controls={controls} aria-pressed={shown}>
      {shown ? <VisibilityOffIcon fontSize="inherit" /> : <VisibilityIcon fontSize="inherit" />}
    </ToggleButton>
  );
}
