import { useId, type ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner';
import './action-button.css';

type ActionButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  size?: 'medium' | 'large';
  fullWidth?: boolean;
  /** Disabled, its label hidden behind a spinner named by the label (as MUI's `loading`). */
  loading?: boolean;
};

/**
 * The theme's contained primary button (MUI's `<Button variant="contained">`: pill, brand colour, dark ink) as a
 * native button with CSS (action-button.css), for the parts of the first load that use no MUI. Elsewhere use MUI's.
 */
export function ActionButton({
  size = 'medium',
  fullWidth = false,
  loading = false,
  className,
  id,
  disabled,
  children,
  ...button
}: ActionButtonProps) {
  const ownId = useId();
  const buttonId = id ?? ownId;
  const classes = [
    'portal-button-base',
    'portal-button',
    size === 'large' && 'portal-button--large',
    fullWidth && 'portal-button--full',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type="button"
      {...button}
      id={buttonId}
      className={classes}
      disabled={disabled || loading}
      data-loading={loading ? '' : undefined}
    >
      {/* Always there, as MUI's: a browser translator replaces the label's text node, and React inserting the spinner
          before a node that is gone would throw (the page would fall to the error boundary). */}
      <span style={{ display: 'contents' }}>
        {loading && (
          <span className="portal-button__spinner">
            <Spinner size={16} labelledBy={buttonId} />
          </span>
        )}
      </span>
      {children}
    </button>
  );
}
