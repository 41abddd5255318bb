import { SESSION_COOKIE } from '@vitrin/shared/api/account-context';
import { apiErrorBodySchema } from '@vitrin/shared/api/errors';
import { z } from '@vitrin/shared/zod';
import type { FastifyInstance } from 'fastify';
import { STAFF_COOKIE } from '../sessions/staff-session.ts';
import { jsonSchema, type RouteDocumentation } from './route.ts';
import { API_TAGS } from './tags.ts';

/** A registered API route as `route.ts` left it in Fastify's route options. */
export interface DocumentedRoute {
  method: string;
  url: string;
  schema: RouteDocumentation;
}

type Io = 'input' | 'output';

/**
 * Schemas as the document holds them. The error body is one component that every error answer refers to;
 * the parts of a recursive schema (a menu's children) become components too, because a `$ref` to `#/$defs`
 * inside an operation would point at the document's root.
 */
function createSchemas() {
  const components: Record<string, object> = {};
  const names = new Map<string, string>();
  const ERROR = 'ApiError';

  function schemaOf(schema: z.ZodType, io: Io): object {
    if (schema === apiErrorBodySchema) {
      components[ERROR] ??= schemaOf(z.object(apiErrorBodySchema.shape), 'output');
      return { $ref: `#/components/schemas/${ERROR}` };
    }
    const { $schema: _dialect, $defs, ...json } = jsonSchema(schema, io);
    if (!$defs) return json;
    const local = Object.keys($defs);
    const global = new Map<string, string>();
    const refs = (text: string) =>
      text.replace(
        /"#\/\$defs\/([^"]+)"/g,
        (_ref, name: string) => `"#/components/schemas/${global.get(name)}"`,
      );
    // A definition may refer to itself, so every local name gets its global name before any is written.
    for (const name of local) global.set(name, `Schema${names.size + global.size + 1}`);
    for (const name of local) {
      const text = refs(JSON.stringify($defs[name]));
      const known = names.get(text);
      if (known) global.set(name, known);
      else {
        names.set(text, global.get(name)!);
        components[global.get(name)!] = JSON.parse(text) as object;
      }
    }
    return JSON.parse(refs(JSON.stringify(json))) as object;
  }
  return { schemaOf, components };
}
type Schemas = ReturnType<typeof createSchemas>;

/** The `parameters` of an operation: each path parameter and each property of the query string. */
function parametersOf({ url, schema }: DocumentedRoute, { schemaOf }: Schemas) {
  const path = (schema.params ? schemaOf(schema.params, 'input') : {}) as {
    properties?: Record<string, object>;
  };
  const query = schema.querystring as z.ZodObject | undefined;
  return [
    ...[...url.matchAll(/:(\w+)/g)].map(([, name]) => ({
      name,
      in: 'path',
      required: true,
      schema: path.properties?.[name!] ?? { type: 'string' },
    })),
    ...Object.entries(query?.shape ?? {}).map(([name, part]) => ({
      name,
      in: 'query',
      // Required when leaving it out is refused (a list that may be left out is not).
      required: !part.safeParse(undefined).success,
      schema: schemaOf(part, 'input'),
    })),
  ];
}

function requestBodyOf({ schema }: DocumentedRoute, { schemaOf }: Schemas) {
  const body = schema.body ?? schema.documentedBody;
  if (!body) return {};
  const json = schemaOf(body instanceof z.ZodType ? body : body.content['application/json'].schema, 'input');
  const content = {
    'application/json': { schema: json },
    // A multipart body is the same form with its file: text fields, and the file as binary.
    ...(body instanceof z.ZodType ? {} : { 'multipart/form-data': { schema: json } }),
  };
  return { requestBody: { required: true, content } };
}

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * An operation's name made from its method and path, in camelCase: `GET /api/front/products/:slug` is
 * `getFrontProductsBySlug`, `POST /api/admin/orders/:number/refunds` is `postAdminOrdersByNumberRefunds`.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = segment.startsWith(':');
      const name = (param ? segment.slice(1) : segment)
        .split(/[^A-Za-z0-9]+/)
        .map(capitalized)
        .join('');
      return param ? `By${name}` : name;
    });
  return method.toLowerCase() + words.join('');
}

/** Each route's operationId, in the routes' order; two routes of one name are refused. */
function operationIds(routes: readonly DocumentedRoute[]): string[] {
  const named = new Map<string, string>();
  return routes.map(({ method, url, schema }) => {
    const operationId = schema.operationId ?? operationIdOf(method, url);
    const other = named.get(operationId);
    if (other) {
      throw new Error(`${method} ${url} and ${other} are both named ${operationId}: give one an operationId`);
    }
    named.set(operationId, `${method} ${url}`);
    return operationId;
  });
}

/** The API as OpenAPI 3.1, made from the routes as they were registered (with `route.ts`). */
export function openApiDocument(routes: readonly DocumentedRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas = createSchemas();
  const ids = operationIds(routes);
  const tags = new Set<string>();
  for (const [index, route] of routes.entries()) {
    const { schema } = route;
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    const parameters = parametersOf(route, schemas);
    const operationId = ids[index];
    for (const tag of schema.tags) tags.add(tag);
    paths[path] ??= {};
    paths[path]![route.method.toLowerCase()] = {
      operationId,
      summary: schema.summary,
      tags: schema.tags,
      security: schema.security,
      ...(schema.permission ? { 'x-permission': schema.permission } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...requestBodyOf(route, schemas),
      responses: Object.fromEntries(
        Object.entries(schema.answers).map(([status, answer]) => [
          status,
          {
            description: answer.description,
            ...(answer.schema
              ? { content: { 'application/json': { schema: schemas.schemaOf(answer.schema, 'output') } } }
              : {}),
          },
        ]),
      ),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Vitrin API (storefront and staff panel)',
      version: '0.1.0',
      license: { name: 'MIT', identifier: 'MIT' },
      description:
        'Veritabanına ulaşılamadığı sürece (ör. PostgreSQL yeniden başlarken) her adres 503 ' +
        'VERITABANI_ULASILAMIYOR ve Retry-After ile yanıt verir; istek birkaç saniye sonra yinelenebilir.',
    },
    // Relative: the shop that serves this document.
    servers: [{ url: '/', description: 'Bu belgeyi sunan mağaza' }],
    tags: Object.entries(API_TAGS)
      .filter(([name]) => tags.has(name))
      .map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: schemas.components,
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description:
            'The customer session, from POST /api/front/auth/login or /register. A public route (`security: []`) reads it when sent (a wholesale customer’s prices, their cart), as it reads a guest’s cart cookie (vitrin_cart, or the X-Cart-Token header) and list cookies: state, never required',
        },
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'The customer session as a token, from POST /api/front/auth/login with bearer: true',
        },
        staffCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: STAFF_COOKIE,
          description: 'The staff panel session, from POST /api/admin/session',
        },
      },
    },
  };
}

/**
 * Serves the document at /api/docs. Register it before the API routes: it collects them as they are added
 * (those of `route.ts` carry their documentation); `undocumentedRoutes()` names any /api/front route added
 * some other way (a test keeps it empty); /api/admin routes likewise.
 */
export function registerOpenApi(app: FastifyInstance) {
  const routes: DocumentedRoute[] = [];
  const undocumented: string[] = [];
  app.addHook('onRoute', (route) => {
    if (!/^\/api\/(front|admin|shipping)\//.test(route.url)) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const schema = route.schema as RouteDocumentation | undefined;
      if (schema?.summary && schema.answers) routes.push({ method, url: route.url, schema });
      else undocumented.push(`${method} ${route.url}`);
    }
  });
  // A name given twice stops the server as it starts, not the document when it is first asked for.
  app.addHook('onReady', async () => {
    operationIds(routes);
  });
  let cached: string | undefined;
  app.get('/api/docs', async (_request, reply) => {
    cached ??= JSON.stringify(openApiDocument(routes));
    return reply.type('application/json; charset=utf-8').send(cached);
  });
  app.decorate('undocumentedRoutes', () => [...undocumented]);
  app.decorate('apiRoutes', () => routes.map(({ method, url }) => `${method} ${url}`));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** /api/front and /api/admin routes registered without their documentation (should be none). */
    undocumentedRoutes(): string[];
    /** Every documented /api/front and /api/admin route as `METHOD /url`. */
    apiRoutes(): string[];
  }
}
