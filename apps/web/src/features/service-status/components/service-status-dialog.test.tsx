import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { ServiceStatusDialog } from './service-status-dialog';
import { truncateTitle } from './service-status-banner';

declare global {
  interface Window {
    __xss?: number;
  }
}

initI18n('en');

describe('service status dialog (spec §2)', () => {
  afterEach(() => {
    delete window.__xss;
  });

  it('shows title, severity, region and a sanitised HTML body: nothing in it runs', async () => {
    const html =
      '<p>Timesheets are <strong>slow</strong> today.</p><script>window.__xss=1</script>' +
      '<img src=x onerror="window.__xss=1"><a href="javascript:window.__xss=1">link</a>';
    render(
      <ServiceStatusDialog
        open
        onClose={() => {}}
        status={{ bannerTitle: 'Slow timesheets', severity: 'warning', region: 'All regions', html }}
      />,
    );
    expect(await screen.findByRole('dialog', { name: 'Slow timesheets' })).toBeVisible();
    expect(screen.getByText('Severity: Warning')).toBeVisible();
    expect(screen.getByText('Region: All regions')).toBeVisible();
    const body = screen.getByTestId('service-status-body');
    expect(body).toHaveTextContent('Timesheets are slow today.');
    expect(body.querySelector('script')).toBeNull();
    expect(body.querySelector('[onerror]')).toBeNull();
    expect(body.innerHTML).not.toContain('javascript:');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(window.__xss).toBeUndefined();
  });

  it('renders a markdown body without its raw HTML', async () => {
    const markdown = '**Heads up**: maintenance tonight.\n\n<script>window.__xss=1</script><img src=x onerror="window.__xss=1">';
    render(
      <ServiceStatusDialog open onClose={() => {}} status={{ bannerTitle: 'Maintenance', severity: 'info', region: null, markdown }} />,
    );
    const body = await screen.findByTestId('service-status-body');
    expect(body.querySelector('strong')).toHaveTextContent('Heads up');
    expect(body.querySelector('script, img')).toBeNull();
    expect(window.__xss).toBeUndefined();
  });

  it('truncates banner titles to 60 characters for mobile', () => {
    const long = 'A'.repeat(80);
    expect(truncateTitle(long)).toHaveLength(60);
    expect(truncateTitle('Short')).toBe('Short');
  });
});
