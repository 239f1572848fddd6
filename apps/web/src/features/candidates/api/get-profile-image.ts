import { CandidateProfileImageResponse, isCandidateImageId } from '@portal/contract/candidates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Pictures change rarely: kept for an hour, so paging back and forth asks once. */
const PICTURE_STALE_TIME_MS = 60 * 60 * 1000;

/** GET /v1/candidate/profile-image/{id} (spec §7), as a data: URL for an <img>. */
export async function getProfileImage(candidateId: number, signal?: AbortSignal): Promise<string> {
  const image = await apiRequest(`candidate/profile-image/${candidateId}`, {
    schema: CandidateProfileImageResponse,
    ...(signal ? { signal } : {}),
  });
  return `data:${image.contentType};base64,${image.base64ProfileImg}`;
}

export function profileImageQueryOptions(candidateId: number) {
  return queryOptions({
    // Not under the candidates key: a favourite change does not change a picture.
    queryKey: ['candidate-picture', candidateId],
    queryFn: ({ signal }) => getProfileImage(candidateId, signal),
    staleTime: PICTURE_STALE_TIME_MS,
    retry: false,
  });
}

/** Spec §5: asked for only when the id is a non-negative number; otherwise the initials show. */
export function useProfileImage(candidateId: number | null | undefined) {
  const valid = isCandidateImageId(candidateId);
  return useQuery({ ...profileImageQueryOptions(valid ? Number(candidateId) : -1), enabled: valid });
}
