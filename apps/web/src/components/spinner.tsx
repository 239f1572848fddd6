import './spinner.css';

/**
 * MUI's indeterminate CircularProgress drawn with CSS (spinner.css), for the parts of the first load that use no
 * MUI (the sign-in button, the loading and timeout views). Decorative unless given a name.
 */
export function Spinner({ size = 40, label, labelledBy }: { size?: number; label?: string; labelledBy?: string }) {
  const named = label !== undefined || labelledBy !== undefined;
  return (
    <span
      className="portal-spinner"
      style={{ width: size, height: size }}
      {...(named ? { role: 'progressbar', 'aria-label': label, 'aria-labelledby': labelledBy } : { 'aria-hidden': true })}
    >
      <svg viewBox="22 22 44 44" focusable="false">
        <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
      </svg>
    </span>
  );
}
