// The slice of a pino logger (Fastify's `app.log`) the realtime code writes to, so tests and
// the app can pass whatever they have without the realtime layer depending on Fastify here.

export interface RealtimeLogger {
  info(details: object, message?: string): void;
  warn(details: object, message?: string): void;
  error(details: object, message?: string): void;
}

export const silentLogger: RealtimeLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
