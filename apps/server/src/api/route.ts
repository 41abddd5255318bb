import { mustSetUpTotp } from '@vitrin/core/staff/accounts';
import { apiErrorBodySchema } from '@vitrin/shared/api/errors';
import { can, type Permission } from '@vitrin/shared/staff/permissions';
import { fieldMessages, z } from '@vitrin/shared/zod';
import fastJson from 'fast-json-stringify';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  HTTPMethods,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';
import { errorBody, HttpError } from '../http/errors.ts';
import { type AccountOf, SESSION_REQUIRED_MESSAGE } from '../sessions/account.ts';
import type { StaffOf } from '../sessions/staff-session.ts';
import type { ApiTag } from './tags.ts';

/** One documented answer of a route: its description and, for a JSON body, the schema it has. */
export interface Answer {
  description: string;
  schema?: z.ZodType;
  /**
   * Written by a serializer compiled from the schema's JSON Schema (fast-json-stringify, as Fastify does for
   * JSON Schema answers) instead of JSON.stringify: only where measured faster (bench/answer-serialization.mjs).
   */
  serialize?: 'schema';
}

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): of the input it accepts, or of its output. */
export const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as {
    $schema?: string;
    $defs?: Record<string, object>;
    properties?: Record<string, object>;
    required?: string[];
  };

/**
 * One API route, defined once: Fastify validates its params, query and JSON body with these zod schemas
 * (a failure is 400 GECERSIZ_ISTEK with a Turkish message per field), and the OpenAPI document at /api/docs
 * is made from the registered routes (`openapi.ts`), so the document cannot differ from the code.
 */
export interface ApiRoute<
  P extends z.ZodRawShape = z.ZodRawShape,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  D extends boolean = false,
  M extends boolean = false,
> extends Omit<RouteOptions, 'method' | 'url' | 'schema' | 'handler'> {
  method: Extract<HTTPMethods, 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'>;
  url: `/api/front/${string}` | `/api/admin/${string}` | `/api/shipping/${string}`;
  summary: string;
  /** Its group in /api/docs: one of `tags.ts`. */
  tag: ApiTag;
  /**
   * The operation's name in /api/docs, for code generators. Left out, it is made from the method and the
   * path (`getFrontProductsBySlug`, `openapi.ts`); give one only where two paths would make the same name.
   */
  operationId?: string;
  /**
   * Required of an `/api/admin/` route, checked before anything else: a permission of the staff member's
   * role (`packages/shared/src/staff/permissions.ts`); `signedIn`, any staff member; `settingUp`, any staff
   * member, even one who must still set up two-step verification (the session and the set-up itself);
   * `anyone`, the login.
   */
  permission?: StaffAccess;
  /** A logged-in customer only (cookie or Bearer): anyone else gets 401 OTURUM_GECERSIZ before any check. */
  auth?: boolean;
  /** Path parameters by name; a value the schema refuses is a 400 naming the parameter. */
  params?: P;
  /** The query string; the handler gets the parsed value (`request.query`). */
  querystring?: Q;
  /**
   * The JSON body, parsed here: the handler gets the schema's output (`request.body`, typed by the schema:
   * defaults applied, text trimmed, numbers read), so the domain takes the parsed value and does not parse
   * it again. A page's form post parses with the same schema on its own way in.
   */
  body?: B;
  /** The body may also be multipart/form-data (with a file), which the handler reads and the domain checks. */
  multipart?: M;
  /**
   * The domain has something to do before it checks the body (count the attempt: the login, registration,
   * contact and coupon limits count bad attempts too; check the Idempotency-Key), so the route leaves the
   * check to it: the same schema, the same answer, in the domain's order.
   */
  checkedByDomain?: D;
  /** Status → answer; error answers have the `{ error: { code, message, fields } }` body. */
  responses: Record<number, Answer>;
  /** Gets the parsed params, query and body, typed by their schemas. */
  handler: (
    request: FastifyRequest<{
      Params: z.output<z.ZodObject<P>>;
      Querystring: z.output<Q>;
      Body: BodyOf<B, D, M>;
    }>,
    reply: FastifyReply,
  ) => unknown;
}

/**
 * What a handler gets as `request.body`: the schema's output, or what was sent (`unknown`) where the domain
 * checks the body itself (`checkedByDomain`) or it may be multipart (the handler reads the parts).
 */
export type BodyOf<B extends z.ZodType, D extends boolean, M extends boolean> = true extends D | M
  ? unknown
  : z.output<B>;

export type StaffAccess = Permission | 'signedIn' | 'settingUp' | 'anyone';

/** What `openapi.ts` reads back from a registered route's `schema`. */
export interface RouteDocumentation {
  summary: string;
  tags: [ApiTag];
  operationId?: string;
  /** The credentials the route requires: none (`[]`), the customer's session, or the staff session. */
  security: Record<string, []>[];
  /** An admin route's permission (`x-permission` in /api/docs). */
  permission?: StaffAccess;
  params?: z.ZodObject;
  querystring?: z.ZodType;
  body?: BodySchema;
  /** A body the domain checks (`checkedByDomain`): documented, not checked by Fastify. */
  documentedBody?: BodySchema;
  /** Every documented status, with or without a body schema. */
  answers: Record<number, Answer>;
}

type BodySchema = z.ZodType | { content: { 'application/json': { schema: z.ZodType } } };

// Multipart bodies are read by the handler: only a JSON body is checked on the way in.
const bodySchema = (body: z.ZodType, multipart?: boolean): BodySchema =>
  multipart ? { content: { 'application/json': { schema: body } } } : body;

/** An error answer's documentation: the code(s) it carries, in the error body. */
export const errorAnswer = (description: string): Answer => ({ description, schema: apiErrorBodySchema });

// Error answers many routes share.
export const invalid = { 400: errorAnswer('GECERSIZ_ISTEK: `fields` names each bad field in Turkish') };
export const noSession = { 401: errorAnswer('OTURUM_GECERSIZ: no valid session') };
export const crossOrigin = {
  403: errorAnswer('KAYNAK_REDDEDILDI: a cookie-carrying write from another site'),
};
export const tooMany = {
  429: errorAnswer('COK_FAZLA_ISTEK: too many attempts from this address (Retry-After)'),
};
export const maintenance = { 503: errorAnswer('Mağaza bakımda (yazma istekleri)') };
/** What every admin route but the login may answer before it looks at the request. */
export const staffRefusals = {
  401: errorAnswer('YONETICI_OTURUMU_GEREKLI: no valid staff session (a customer session is none)'),
  403: errorAnswer(
    'YETKI_YOK: the role lacks the permission; TOTP_KURULUMU_GEREKLI: two-step verification first; KAYNAK_REDDEDILDI: a write from another site',
  ),
};

export const STAFF_SESSION_REQUIRED_MESSAGE = 'Bu işlem için yönetici olarak giriş yapmalısınız.';

/** 400 GECERSIZ_ISTEK with a Turkish message per field: the domain's answer to the same input. */
const invalidInput = (fields: Record<string, string>) =>
  new HttpError(
    400,
    'GECERSIZ_ISTEK',
    'Gönderilen bilgilerde hata var; lütfen işaretli alanları düzeltin.',
    fields,
  );

const isObject = (data: unknown) => typeof data === 'object' && data !== null && !Array.isArray(data);

/** A body the domain checks (`checkedByDomain`) as it takes it: one that is not an object is an empty form. */
export const formOf = (body: unknown): object => (isObject(body) ? (body as object) : {});

/**
 * A request part checked against its schema: the parsed value replaces what was sent, so the handler gets
 * the schema's output (defaults applied, text trimmed, numbers read).
 */
const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    // A body that is not an object is an empty form to the domain: the same field messages.
    const result = schema.safeParse(httpPart === 'body' && !isObject(data) ? {} : data);
    if (!result.success) return { error: invalidInput(fieldMessages(result.error)) };
    return { value: result.data };
  };

/** An answer's writer: compiled from its schema where the route asks for it, else JSON.stringify. */
function serializerFor(responses: Record<number, Answer>): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, httpStatus }) => {
    if (responses[Number(httpStatus)]?.serialize !== 'schema') return (data) => JSON.stringify(data);
    const { $schema: _dialect, ...json } = jsonSchema(schema, 'output');
    return fastJson(json as Parameters<typeof fastJson>[0]);
  };
}

/** The route's 401 when it needs a customer and the request has no valid session. */
function requireCustomer(accountOf: AccountOf) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const account = accountOf(request, reply);
    if (account.hasSession() && (await account.customer())) return;
    return reply
      .status(401)
      .header('cache-control', 'no-store')
      .send(errorBody('OTURUM_GECERSIZ', SESSION_REQUIRED_MESSAGE));
  };
}

const refuse = (reply: FastifyReply, status: number, code: string, message: string) =>
  reply.status(status).send(errorBody(code, message));

/**
 * The staff check of an admin route: no staff session is 401 (whatever customer session there is), a session
 * that must first set up two-step verification or lacks the permission is 403. Admin answers are never
 * stored by any cache.
 */
function requireStaff(staffOf: StaffOf, access: StaffAccess) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'private, no-store');
    if (access === 'anyone') return;
    const account = await staffOf(request);
    if (!account) return refuse(reply, 401, 'YONETICI_OTURUMU_GEREKLI', STAFF_SESSION_REQUIRED_MESSAGE);
    if (access === 'settingUp') return;
    if (mustSetUpTotp(account)) {
      return refuse(reply, 403, 'TOTP_KURULUMU_GEREKLI', 'Devam etmek için iki adımlı doğrulamayı kurun.');
    }
    if (access !== 'signedIn' && !can(account.role, access)) {
      return refuse(reply, 403, 'YETKI_YOK', 'Bu işlem için yetkiniz yok.');
    }
  };
}

/** What a route requires of its caller, as /api/docs states it (`securitySchemes` in `openapi.ts`). */
function securityOf(auth: boolean | undefined, permission: StaffAccess | undefined): Record<string, []>[] {
  if (auth) return [{ sessionCookie: [] }, { bearer: [] }];
  if (permission && permission !== 'anyone') return [{ staffCookie: [] }];
  // Public: a session or a guest's cart and list cookies are read when sent, never required.
  return [];
}

/**
 * Registers API routes defined with their schemas. `accountOf` is needed by routes with `auth: true`,
 * `staffOf` by the admin routes.
 */
export function apiRoutes(app: FastifyInstance, accountOf?: AccountOf, staffOf?: StaffOf) {
  return function route<
    P extends z.ZodRawShape = z.ZodRawShape,
    Q extends z.ZodType = z.ZodType,
    B extends z.ZodType = z.ZodType,
    D extends boolean = false,
    M extends boolean = false,
  >({
    method,
    url,
    summary,
    tag,
    operationId,
    auth,
    permission,
    params,
    querystring,
    body,
    multipart,
    checkedByDomain,
    responses,
    preValidation,
    handler,
    ...options
  }: ApiRoute<P, Q, B, D, M>) {
    if (auth && !accountOf) throw new Error(`${method} ${url}: auth needs the account of a request`);
    const admin = url.startsWith('/api/admin/');
    if (admin !== (permission !== undefined) || (admin && !staffOf)) {
      throw new Error(
        `${method} ${url}: an admin route, and only one, declares its permission (and staffOf)`,
      );
    }
    const documentation: RouteDocumentation = {
      summary,
      tags: [tag],
      ...(operationId ? { operationId } : {}),
      security: securityOf(auth, permission),
      ...(permission ? { permission } : {}),
      answers: responses,
    };
    const response = Object.fromEntries(
      Object.entries(responses).flatMap(([status, { schema }]) => (schema ? [[status, schema]] : [])),
    );
    const checks = [
      permission && staffOf ? requireStaff(staffOf, permission) : [],
      auth && accountOf ? requireCustomer(accountOf) : [],
      preValidation ?? [],
    ].flat();
    return app.route({
      ...options,
      method,
      url,
      // Fastify types a handler by the route's generic; this one's request is typed by the schemas.
      handler: handler as RouteHandlerMethod,
      schema: {
        ...documentation,
        ...(params ? { params: z.object(params) } : {}),
        ...(querystring ? { querystring } : {}),
        ...(body ? { [checkedByDomain ? 'documentedBody' : 'body']: bodySchema(body, multipart) } : {}),
        response,
      },
      ...(checks.length ? { preValidation: checks } : {}),
      // Fastify types a compiler by the route's whole schema; these take one part's zod schema.
      validatorCompiler: validatorCompiler as FastifySchemaCompiler<unknown>,
      serializerCompiler: serializerFor(responses) as FastifySerializerCompiler<unknown>,
    });
  };
}
