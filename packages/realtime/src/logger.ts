/** Where the server and its adapters report (Fastify's pino logger fits). */
export interface RealtimeLogger {
  info(o: object, msg?: string): void;
  warn(o: object, msg?: string): void;
  error(o: object, msg?: string): void;
}

export const silentLogger: RealtimeLogger = {
  info() {},
  warn() {},
  error() {},
};
