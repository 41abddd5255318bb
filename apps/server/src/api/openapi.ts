import { SESSION_COOKIE } from '@vitrin/shared/api/account-context';
import { apiErrorBodySchema } from '@vitrin/shared/api/errors';
import { z } from '@vitrin/shared/zod';
import type { FastifyInstance } from 'fastify';
import { STAFF_COOKIE } from '../sessions/staff-session.ts';
import { jsonSchema, type RouteDocumentation } from './route.ts';

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

/** The API as OpenAPI 3.1, made from the routes as they were registered (with `route.ts`). */
export function openApiDocument(routes: readonly DocumentedRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas = createSchemas();
  for (const route of routes) {
    const { schema } = route;
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    const parameters = parametersOf(route, schemas);
    paths[path] ??= {};
    paths[path]![route.method.toLowerCase()] = {
      summary: schema.summary,
      tags: schema.tags,
      ...(schema.security ? { security: schema.security } : {}),
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
      license: { name: 'MIT' },
      description:
        'Veritabanına ulaşılamadığı sürece (ör. PostgreSQL yeniden başlarken) her adres 503 ' +
        'VERITABANI_ULASILAMIYOR ve Retry-After ile yanıt verir; istek birkaç saniye sonra yinelenebilir.',
    },
    paths,
    components: {
      schemas: schemas.components,
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        staffCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: STAFF_COOKIE,
          description: 'The staff panel session, from POST /api/admin/session',
        },
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'From POST /api/front/auth/login with bearer: true',
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
    if (!route.url.startsWith('/api/front/') && !route.url.startsWith('/api/admin/')) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const schema = route.schema as RouteDocumentation | undefined;
      if (schema?.summary && schema.answers) routes.push({ method, url: route.url, schema });
      else undocumented.push(`${method} ${route.url}`);
    }
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
