// The first-party OAuth-style client the SPA names in its login payload (docs/product.md §3:
// grant_type, client_id, client_secret). A browser cannot keep a secret, so this pair identifies
// the client rather than authenticating it; it is public and served by GET /api/config.
export const WEB_CLIENT = {
  grant_type: 'password',
  client_id: 'plantline-web',
  client_secret: 'plantline-web-public',
} as const;
