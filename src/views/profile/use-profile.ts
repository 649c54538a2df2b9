import { useEffect, useEffectEvent, useState } from 'react';
import { accountApi, type AccountApi, type TimezoneOption } from '../../api/account.api.ts';
import type { UserInfo } from '../../api/auth.types.ts';
import { useServices } from '../services.context.ts';
import { useUser } from '../session/use-session.ts';

export interface ProfileState {
  /** The user as last read or saved here, `version` included: every save sends it. */
  profile: UserInfo;
  /** Every IANA zone, or only the user's own until the list arrives (or if it fails). */
  timezones: readonly TimezoneOption[];
  /** Takes a saved profile as the current one and refreshes the session's copy (top bar). */
  accept: (saved: UserInfo) => void;
  /** Reads the profile again (after a stale version); rejects when it cannot. */
  reload: () => Promise<UserInfo>;
}

const zoneOption = (zone: string): TimezoneOption => ({
  value: zone,
  label: zone.replaceAll('_', ' '),
});

/**
 * The profile the page edits. It starts from the session's copy, so the page shows at once,
 * then reads the stored one: an administrator may have changed it since the login.
 */
export function useProfile(api: AccountApi = accountApi): ProfileState {
  const { session } = useServices();
  const user = useUser();
  const [profile, setProfile] = useState<UserInfo>(user);
  const [zones, setZones] = useState<readonly TimezoneOption[]>([]);

  const accept = (saved: UserInfo) => {
    setProfile(saved);
    session.send({ type: 'session.refresh_user' });
  };

  const reload = async () => {
    const fresh = await api.profile();
    setProfile(fresh);
    session.send({ type: 'session.refresh_user' });
    return fresh;
  };

  // A save answered before this first read keeps its newer version.
  const onLoaded = useEffectEvent((fresh: UserInfo) =>
    setProfile((current) => (fresh.version >= current.version ? fresh : current)),
  );
  useEffect(() => {
    const abort = new AbortController();
    // Both are a refinement of what is on screen already; a failure leaves it as it is.
    api.profile(abort.signal).then(onLoaded, () => undefined);
    api.timezones(abort.signal).then(setZones, () => undefined);
    return () => abort.abort();
  }, [api]);

  const own = profile.timezone;
  const timezones =
    own === '' || zones.some((z) => z.value === own) ? zones : [zoneOption(own), ...zones];
  return { profile, timezones, accept, reload };
}
