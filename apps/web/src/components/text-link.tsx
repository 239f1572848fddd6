import { Link, type LinkProps } from 'react-router';
import './text-link.css';

/**
 * An in-app text link styled like the theme's MUI Link (primary.dark, underline on hover, body2), for the pages of
 * the first load (sign-in, public frame), which load no MUI. Elsewhere use MUI's Link.
 */
export function TextLink({ className, ...props }: LinkProps & { className?: string }) {
  return <Link {...props} className={className ? `portal-text-link ${className}` : 'portal-text-link'} />;
}
