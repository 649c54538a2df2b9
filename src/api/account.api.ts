import type { UserInfo, UserInfoWire } from './auth.types.ts';
import { request as defaultRequest, type Request } from './request.ts';

// A person's own account: registering one, and reading and changing the profile of the
// signed-in user. Registration and updates are not `quiet`: the shell shows a validation error
// as its 'Validation Error' notification while the form puts each message under its field.
// A stale version (409 `stale_version`) is not shown by the shell; the profile page says it.

export interface RegisterInput {
  username: string;
  name: string;
  password: string;
  /** Optional; an empty value is not sent. */
  email?: string;
  /** Optional; an empty value is not sent. */
  company?: string;
}

/** The server answers alike whether the name was free or taken, so there is no id to give. */
export interface Registered {
  username: string;
}

/** A change to the own profile; `version` is the row version it was read at. */
export interface ProfileUpdate {
  version: number;
  name?: string;
  /** null clears the e-mail. */
  email?: string | null;
  timezone?: string;
  /** Needed, and checked, only with `password`. */
  current_password?: string;
  password?: string;
}

export interface TimezoneOption {
  value: string;
  label: string;
}

export function createAccountApi(request: Request = defaultRequest) {
  return {
    /**
     * Creates an account without roles: it can sign in only once an administrator grants one.
     * Text fields are trimmed and empty optional ones left out; the password is sent as typed.
     */
    register: async (input: RegisterInput): Promise<Registered> => {
      const email = input.email?.trim() ?? '';
      const company = input.company?.trim() ?? '';
      const data = {
        username: input.username.trim(),
        name: input.name.trim(),
        password: input.password,
        ...(email ? { email } : {}),
        ...(company ? { company } : {}),
      };
      return (await request<Registered>({ url: '/register', method: 'POST', data })).data;
    },

    /**
     * The signed-in user as stored now, version included. Quiet: the profile page keeps what it
     * has and says so when a reload fails.
     */
    profile: async (signal?: AbortSignal): Promise<UserInfo> => {
      return (await request<UserInfoWire>({ url: '/me', quiet: true, signal })).data;
    },

    /** Saves changes to the own profile; answers the user as saved, with the new version. */
    updateProfile: async (update: ProfileUpdate): Promise<UserInfo> => {
      // A copy: an interface is not an index-signature record.
      const data = { ...update };
      return (await request<UserInfoWire>({ url: '/profile', method: 'POST', data })).data;
    },

    /** The IANA time zones a user may choose. Quiet: without it the current zone still shows. */
    timezones: async (signal?: AbortSignal): Promise<TimezoneOption[]> => {
      return (await request<TimezoneOption[]>({ url: '/general/timezones', quiet: true, signal }))
        .data;
    },
  };
}

export type AccountApi = ReturnType<typeof createAccountApi>;

export const accountApi: AccountApi = createAccountApi();
