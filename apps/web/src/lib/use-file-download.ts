import { useMutation } from '@tanstack/react-query';
import { failureMessage } from './api-error';
import { useToast } from './toast';

/**
 * A file fetched and handed to the browser on demand (spec §7 blob calls: timesheet and invoice PDFs, the lists' CSV
 * exports). Busy while it downloads; a failure is toasted with the server's message, else `failedText` (spec §8).
 */
export function useFileDownload(download: () => Promise<void>, failedText: string) {
  const toast = useToast();
  return useMutation({
    mutationFn: download,
    onError: (error) => toast.error(failureMessage(error, failedText)),
  });
}
