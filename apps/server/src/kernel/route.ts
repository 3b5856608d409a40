import {
  envelopeOf,
  type Endpoint,
  type EndpointBodyOut,
  type EndpointParamsOut,
  type EndpointQueryOut,
  type EndpointResponse,
} from '@patlas/contracts';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';

/** Where every endpoint's path is mounted (DESIGN.md: /api/platform, /api/product…). */
export const API_BASE_PATH = '/api';

/** The request a handler of endpoint E reads: body, query and params as its schemas parse them. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Body: EndpointBodyOut<E>;
  Querystring: EndpointQueryOut<E>;
  Params: EndpointParamsOut<E>;
}>;

/** A successful envelope of endpoint E, as `ok()` builds it. */
export interface EndpointAnswer<E extends Endpoint> {
  status: number;
  message: string;
  data: EndpointResponse<E>;
}

/** Route options besides what the endpoint defines (access, rate limit, summary, tags…). */
export type EndpointRouteOptions = Omit<RouteShorthandOptions, 'schema'> & {
  schema?: Omit<FastifySchema, 'body' | 'querystring' | 'params' | 'response'>;
};

/**
 * Registers the route of an endpoint on a plugin (issue 42: endpoints defined once). The plugin's
 * prefix must be a start of the endpoint's path; the route is the rest. The handler answers the
 * envelope (or sends a file itself and returns the reply).
 */
/**
 * The path of an endpoint relative to a plugin's prefix, for the routes `route()` cannot register
 * (a WebSocket: `app.get(routePath(app, e), { websocket: true }, …)`).
 */
export function routePath(app: FastifyInstance, definition: Endpoint): string {
  const full = API_BASE_PATH + definition.path;
  if (!full.startsWith(app.prefix)) {
    throw new Error(`endpoint ${definition.method} ${full} registered under the prefix ${app.prefix}`);
  }
  return full.slice(app.prefix.length) || '/';
}

export function route<E extends Endpoint>(
  app: FastifyInstance,
  definition: E,
  options: EndpointRouteOptions,
  handler: (request: EndpointRequest<E>, reply: FastifyReply) => Promise<EndpointAnswer<E> | FastifyReply>,
): void {
  app.route({
    ...options,
    method: definition.method,
    url: routePath(app, definition),
    schema: {
      ...options.schema,
      ...(definition.body ? { body: definition.body } : {}),
      ...(definition.query ? { querystring: definition.query } : {}),
      ...(definition.params ? { params: definition.params } : {}),
      ...(definition.response ? { response: { 200: envelopeOf(definition.response) } } : {}),
    },
    // The one cast of the kit: Fastify's route typing cannot follow a generic endpoint's schemas.
    handler: handler as unknown as RouteHandlerMethod,
  });
}
