import type {
  AppConfig,
  AppConfigWire,
  Credentials,
  LoginResult,
  UserInfo,
  UserInfoWire,
} from './auth.types.ts';
import { CUSTOM_TOKEN_KEY, request as defaultRequest, type Request } from './request.ts';

// The session calls of docs/product.md §7. Each returns the envelope's data; failures reject with
// an ApiError whose `code` is the server's message, shown as given on the login page. They are
// `quiet`: the session machine and the route guard report their failures themselves.

export function createAuthApi(request: Request = defaultRequest) {
  return {
    /** Public settings: title, demo accounts, the web client's id, the realtime connection. */
    config: async (): Promise<AppConfig> => {
      return (await request<AppConfigWire>({ url: '/config', quiet: true })).data;
    },

    /** Trades credentials for a token; the username is trimmed first (docs/product.md §5). */
    login: async (
      credentials: Credentials,
      client: AppConfig['auth_client'],
    ): Promise<LoginResult> => {
      const data = {
        username: credentials.username.trim(),
        password: credentials.password,
        grant_type: 'password',
        client_id: client.client_id,
        client_secret: client.client_secret,
      };
      return (await request<LoginResult>({ url: '/login', method: 'POST', data, quiet: true }))
        .data;
    },

    me: async (): Promise<UserInfo> => {
      return (await request<UserInfoWire>({ url: '/me', quiet: true })).data;
    },

    /** Revokes the session token, or `token` when given (e.g. after the cookie is gone). */
    logout: async (token?: string): Promise<void> => {
      const data = token ? { [CUSTOM_TOKEN_KEY]: token } : {};
      await request<unknown>({ url: '/logout', method: 'POST', data, quiet: true });
    },
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;

export const authApi: AuthApi = createAuthApi();
