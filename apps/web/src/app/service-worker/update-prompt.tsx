import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import './update-prompt.css';

/**
 * "A new version is available" with Reload, at the bottom centre as the app's toasts are. It is its own small React
 * root beside the app, drawn with CSS (no MUI), so it shows on every page, the sign-in page included, and stays
 * until the user reloads or dismisses it (a dismissed update applies on the next visit).
 */
export function showUpdatePrompt(reload: () => void): void {
  if (document.getElementById('portal-update-prompt')) return;
  const host = document.createElement('div');
  host.id = 'portal-update-prompt';
  document.body.append(host);
  createRoot(host).render(<UpdatePrompt reload={reload} />);
}

export function UpdatePrompt({ reload }: { reload: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const [reloading, setReloading] = useState(false);
  if (!open) return null;
  return (
    <div className="portal-update-prompt" role="status">
      <span className="portal-update-prompt__message">{t('update.available')}</span>
      <button
        type="button"
        className="portal-update-prompt__reload"
        disabled={reloading}
        onClick={() => {
          setReloading(true);
          reload();
        }}
      >
        {t('update.reload')}
      </button>
      <button type="button" className="portal-update-prompt__close" aria-label={t('update.dismiss')} onClick={() => setOpen(false)}>
        {/* @mui/icons-material's Close, as plain SVG (no MUI on this page). */}
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z" />
        </svg>
      </button>
    </div>
  );
}
