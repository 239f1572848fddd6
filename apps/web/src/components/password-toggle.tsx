import { VisibilityIcon, VisibilityOffIcon } from './icons';
import './password-toggle.css';

/**
 * The show/hide button at the end of a password field: a toggle (aria-pressed) named by what it will do. It looks
 * like MUI's `<IconButton edge="end">` (password-toggle.css) but is a plain button, so the sign-in page needs no MUI.
 */
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
    <button
      type="button"
      className="portal-button-base portal-password-toggle"
      onClick={onToggle}
      aria-label={label}
      aria-controls={controls}
      aria-pressed={shown}
    >
      {shown ? <VisibilityOffIcon /> : <VisibilityIcon />}
    </button>
  );
}
