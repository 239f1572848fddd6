import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../lib/i18n';
import { saveBlob } from '../lib/save-file';
import { resetSessionForTests, startSession } from '../lib/session';
import { jsonResponse, renderWithProviders } from '../testing/render';
import { ExportCsvButton } from './export-csv-button';

vi.mock('../lib/save-file', () => ({ saveBlob: vi.fn() }));

initI18n('en');

const CSV = '\ufeffInvoice number,School\r\nINV-000001,Thames Primary Academy\r\n';

function csvResponse(): Response {
  return new Response(CSV, {
    status: 200,
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="invoices-2026-03-16.csv"' },
  });
}

const button = () => screen.getByRole('button', { name: 'Export CSV' });

function renderButton(query: Record<string, string | number | readonly (string | number)[] | undefined> = {}) {
  return renderWithProviders(<ExportCsvButton path="invoices" query={query} fallbackName="invoices.csv" />);
}

describe('ExportCsvButton', () => {
  beforeEach(() => {
    resetSessionForTests();
    startSession({ accessToken: 'token-1', expiresIn: 1800, tokenType: 'Bearer' });
  });
  afterEach(() => {
    vi.mocked(saveBlob).mockReset();
  });

  it('asks the list for CSV with exactly the filters shown (not the page) and saves the file under the name it gives', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(csvResponse());
    renderButton({ clientIds: [5, 7], status: 'unpaid', sort: '-total', skip: 50, take: 25, candidateId: undefined });
    await userEvent.click(button());
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(String(url)).toBe('/v1/invoices?clientIds=5&clientIds=7&status=unpaid&sort=-total');
    const headers = new Headers(init?.headers);
    expect(headers.get('Accept')).toBe('text/csv, application/problem+json');
    expect(headers.get('Authorization')).toBe('Bearer token-1');
    const [blob, name] = vi.mocked(saveBlob).mock.calls[0]!;
    expect(name).toBe('invoices-2026-03-16.csv');
    // The bytes as sent, byte-order mark included (Excel needs it to read UTF-8).
    expect(Buffer.from(await blob.arrayBuffer()).equals(Buffer.from(CSV, 'utf8'))).toBe(true);
  });

  it('is busy while the file downloads, keeping its name, and can be used again after', async () => {
    let answer: (response: Response) => void = () => {};
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderButton();
    await userEvent.click(button());
    await waitFor(() => expect(button()).toBeDisabled());
    expect(button()).toHaveAttribute('aria-busy', 'true');
    answer(csvResponse());
    await waitFor(() => expect(button()).toBeEnabled());
    expect(button()).toHaveAttribute('aria-busy', 'false');
    expect(saveBlob).toHaveBeenCalledTimes(1);
  });

  it("shows the server's message when the export is refused, else a generic one", async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(
        jsonResponse(403, { title: 'Forbidden', status: 403, detail: "You don't have sufficient permissions to view this page" }),
      )
      .mockResolvedValueOnce(new Response('', { status: 502 }));
    renderButton();
    await userEvent.click(button());
    expect(await screen.findByText("You don't have sufficient permissions to view this page")).toBeVisible();
    await userEvent.click(button());
    expect(await screen.findByText('The export could not be downloaded. Please try again.')).toBeVisible();
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    expect(saveBlob).not.toHaveBeenCalled();
  });

  it('can be disabled (nothing to export)', () => {
    renderWithProviders(<ExportCsvButton path="bookings" query={{}} fallbackName="bookings.csv" disabled />);
    expect(button()).toBeDisabled();
  });
});
