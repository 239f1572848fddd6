import { useQuery } from '@tanstack/react-query';
import { profileQueryOptions } from './profile-query';
import { useSession } from './use-session';

export { getProfile, PROFILE_STALE_TIME_MS, profileQueryOptions, useCachedProfile } from './profile-query';

/**
 * The profile the route guard loaded. Only asks the server while signed in, so pages still on screen while the
 * user signs out do not fetch it again.
 */
export function useProfile() {
  const signedIn = useSession() !== null;
  return useQuery({ ...profileQueryOptions(), enabled: signedIn });
}
