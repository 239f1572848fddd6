import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-error';
import { initI18n } from '../lib/i18n';
import { renderWithProviders } from '../testing/render';
import { DownloadButton } from './download-button';

initI18n('en');

const LABEL = 'Download the PDF of invoice INV-000101';

describe('DownloadButton', () => {
  it('is an icon button named for its file, busy while the file downloads and usable again after', async () => {
    let finish: () => void = () => {};
    const download = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderWithProviders(<DownloadButton download={download} label={LABEL} text="PDF" failedText="Download Failed" data-testid="pdf" />);
    const button = screen.getByRole('button', { name: LABEL });
    expect(button).toHaveAttribute('data-testid', 'pdf');
    await userEvent.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('aria-busy', 'true');
    finish();
    await waitFor(() => expect(button).toBeEnabled());
    expect(download).toHaveBeenCalledTimes(1);
  });

  it("says the server's message when the download fails, else the text it is given", async () => {
    const download = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new ApiError({ status: 404, kind: 'notFound', serverMessage: 'Invoice not found' }))
      .mockRejectedValueOnce(new Error('network'));
    renderWithProviders(
      <DownloadButton download={download} label={LABEL} text="Download PDF" failedText="Download Failed" variant="button" />,
    );
    const button = screen.getByRole('button', { name: LABEL });
    expect(button).toHaveTextContent('Download PDF');
    await userEvent.click(button);
    expect(await screen.findByText('Invoice not found')).toBeVisible();
    await userEvent.click(button);
    expect(await screen.findByText('Download Failed')).toBeVisible();
  });
});
