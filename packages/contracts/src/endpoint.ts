/**
 * One endpoint of the HTTP API: its method and path, written once. The server registers its route from
 * it and the web client calls it through it, so neither side spells a path of its own.
 *
 * This file and the `*.endpoints.ts` tables import no schema library: the web app's first screen loads
 * them (decision 020). The schemas stay in the feature's schema file beside the table.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint<M extends Method = Method, P extends string = string> {
  readonly method: M;
  readonly path: P;
}

const define =
  <M extends Method>(method: M) =>
  <P extends string>(path: P): Endpoint<M, P> =>
    Object.freeze({ method, path });

export const get = define('GET');
export const post = define('POST');
export const put = define('PUT');
export const patch = define('PATCH');
export const del = define('DELETE');

/** The names of a path's parameters: `/api/chat/:partner/messages` → `'partner'`. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathParams<P extends string> = { [K in ParamNames<P>]: string | number };

/**
 * The rest of a call's arguments: `params` required, with exactly the path's names, when the path has
 * parameters, and left out when it has none. An endpoint whose path is only known as `string` (a helper
 * that takes any endpoint) is checked when it is called (`pathOf` throws on a missing name).
 */
export type CallArgs<P extends string, O> = string extends P
  ? [options?: O & { params?: Record<string, string | number> }]
  : [ParamNames<P>] extends [never]
    ? [options?: O & { params?: undefined }]
    : [options: O & { params: PathParams<P> }];

/**
 * The path with its parameters filled in, each percent-encoded: `pathOf(chat.messages, { partner: 7 })`
 * → `/api/chat/7/messages`. A parameter left out is an error, never the literal `:name` on the wire.
 */
export function pathOf<P extends string>(
  endpoint: Endpoint<Method, P>,
  params?: Partial<Record<string, string | number>>,
): string {
  return endpoint.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === '') {
      throw new Error(`${endpoint.method} ${endpoint.path}: parameter "${name}" is missing`);
    }
    return encodeURIComponent(String(value));
  });
}

/** Every endpoint of a set of tables, for the checks that the server registers exactly these. */
export function endpointsOf(...tables: Array<Record<string, Endpoint>>): Endpoint[] {
  return tables.flatMap((table) => Object.values(table));
}
