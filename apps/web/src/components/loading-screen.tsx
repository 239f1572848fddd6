import { useTranslation } from 'react-i18next';

/**
 * Shown while the app initialises (spec §2: an animation with the text Loading...). It is index.html's static
 * placeholder drawn by React, with the same classes (styled in index.html, dark mode in styles/base.css), so the
 * hand-over from HTML to React does not flicker and the first page needs no MUI for it.
 */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <div className="boot-loading" role="status" aria-live="polite">
      <div className="boot-loading__inner">
        <div className="boot-loading__dots" aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
        <p style={{ margin: 0, fontWeight: 500 }}>{t('loading')}</p>
      </div>
    </div>
  );
}
