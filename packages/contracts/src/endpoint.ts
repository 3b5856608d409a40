import type { z } from 'zod';

/**
 * Endpoints defined once (issue 42): method, path and the schemas of what goes in and comes out.
 * The server registers its route from the definition (apps/server/src/kernel/route.ts) and the web
 * app calls it through the definition (apps/web/src/api/endpoint-call.ts), so a path is written in
 * one place and a changed schema breaks both sides at compile time.
 *
 * `path` is the server path under the API base (`/api`), with parameters as `:name`, e.g.
 * `/product/warn/deleteWarnInfo/:id`.
 */
export type EndpointMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint<
  M extends EndpointMethod = EndpointMethod,
  P extends string = string,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType | undefined = z.ZodType | undefined,
> {
  readonly method: M;
  readonly path: P;
  readonly body?: Body;
  readonly query?: Query;
  readonly params?: Params;
  /** The `data` of the envelope. Absent: the answer's data is not described (null or free-form). */
  readonly response?: Response;
}

/** Defines an endpoint, keeping the literal method, path and schema types. */
export function endpoint<
  const M extends EndpointMethod,
  const P extends `/${string}`,
  Body extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Params extends z.ZodType | undefined = undefined,
  Response extends z.ZodType | undefined = undefined,
>(definition: {
  method: M;
  path: P;
  body?: Body;
  query?: Query;
  params?: Params;
  response?: Response;
}): Endpoint<M, P, Body, Query, Params, Response> {
  return definition;
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The path's `:name` parameters as an object of strings. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;

/** What a caller sends: the body and query as the schemas accept them, and the path's parameters. */
export type EndpointBody<E> = E extends Endpoint<EndpointMethod, string, infer B> ? InputOf<B> : never;
export type EndpointQuery<E> =
  E extends Endpoint<EndpointMethod, string, z.ZodType | undefined, infer Q> ? InputOf<Q> : never;
export type EndpointParams<E> = E extends Endpoint<EndpointMethod, infer P> ? PathParams<P> : never;
/** What the envelope's `data` holds. */
export type EndpointResponse<E> =
  E extends Endpoint<
    EndpointMethod,
    string,
    z.ZodType | undefined,
    z.ZodType | undefined,
    z.ZodType | undefined,
    infer R
  >
    ? R extends z.ZodType
      ? z.output<R>
      : unknown
    : never;
/** What the server's handler reads: body, query and params as the schemas parse them. */
export type EndpointBodyOut<E> = E extends Endpoint<EndpointMethod, string, infer B> ? OutputOf<B> : never;
export type EndpointQueryOut<E> =
  E extends Endpoint<EndpointMethod, string, z.ZodType | undefined, infer Q> ? OutputOf<Q> : never;
export type EndpointParamsOut<E> =
  E extends Endpoint<EndpointMethod, infer P, z.ZodType | undefined, z.ZodType | undefined, infer S>
    ? S extends z.ZodType
      ? z.output<S>
      : PathParams<P>
    : never;

/** The path with its parameters filled in (each encoded). Throws when one is missing. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`endpoint ${path}: parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}
