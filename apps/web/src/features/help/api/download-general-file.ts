import { fileAccessPath, FileAccessKeyResponse } from '@portal/contract/files';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, apiUrl } from '../../../lib/api-client';

/** GET /v1/file/generateAccessToken/{id}: a 5-minute key for one file (spec §7). */
export function generateAccessToken(fileId: number) {
  return apiRequest(`file/generateAccessToken/${fileId}`, { schema: FileAccessKeyResponse });
}

/** The key, then the browser downloads /v1/file/({accessKey}) itself (no token needed, so a plain link works). */
export async function downloadGeneralFile(fileId: number, fileName: string): Promise<void> {
  const { accessKey } = await generateAccessToken(fileId);
  const link = document.createElement('a');
  link.href = apiUrl(fileAccessPath(accessKey));
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

export function useDownloadGeneralFile() {
  return useMutation({ mutationFn: ({ id, name }: { id: number; name: string }) => downloadGeneralFile(id, name) });
}
