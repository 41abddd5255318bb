// Requests made from the OpenAPI document (/api/docs): every operation with its path, query and body schemas,
// plausible values for each, and fast-check arbitraries of wrong ones. The fuzz, injection and access tests
// read the route list from here, so a route added later is covered without a line in them.
import type { Database } from '@vitrin/core';
import type { StaffRole } from '@vitrin/shared/staff/permissions';
import fc from 'fast-check';

type Json = Record<string, unknown>;
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}
interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}
interface RawOperation {
  security?: Record<string, string[]>[];
  'x-permission'?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
export interface ApiDocument {
  paths: Record<string, Record<string, RawOperation>>;
  components: { schemas: Record<string, JsonSchema> };
}

/** Who sends a request: no session, a customer, or a staff member of a role. */
export type ClientKind = 'guest' | 'customer' | StaffRole;

/** One operation of the document, its schemas with their references resolved. */
export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As documented: `/api/front/addresses/{id}`. */
  path: string;
  pathParams: Parameter[];
  query: Parameter[];
  body?: JsonSchema;
  multipart: boolean;
  /** A logged-in customer only. */
  customerOnly: boolean;
  /** An admin route's permission (`anyone` for the login). */
  permission?: string;
  /** The client whose request reaches the route's checks of its input. */
  client: ClientKind;
}

export const describeOperation = (op: Pick<Operation, 'method' | 'path'>) => `${op.method} ${op.path}`;

/** Every operation of the document. */
export function operationsOf(doc: ApiDocument): Operation[] {
  const resolve = (schema: JsonSchema, depth = 0): JsonSchema => {
    if (depth > 6) return {};
    const target = schema.$ref ? doc.components.schemas[schema.$ref.split('/').pop()!]! : schema;
    const out: JsonSchema = { ...target };
    if (out.properties) {
      out.properties = Object.fromEntries(
        Object.entries(out.properties).map(([k, v]) => [k, resolve(v, depth + 1)]),
      );
    }
    if (out.items) out.items = resolve(out.items, depth + 1);
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
      if (out[key]) out[key] = out[key].map((s) => resolve(s, depth + 1));
    }
    return out;
  };
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => {
      const params = (op.parameters ?? []).map((p) => ({ ...p, schema: resolve(p.schema) }));
      const content = op.requestBody?.content;
      const body = content?.['application/json']?.schema;
      const customerOnly = (op.security ?? []).some((s) => 'sessionCookie' in s);
      const permission = op['x-permission'];
      return {
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: params.filter((p) => p.in === 'path'),
        query: params.filter((p) => p.in === 'query'),
        ...(body ? { body: resolve(body) } : {}),
        multipart: Boolean(content?.['multipart/form-data']),
        customerOnly,
        ...(permission ? { permission } : {}),
        client: (permission && permission !== 'anyone'
          ? 'owner'
          : customerOnly
            ? 'customer'
            : 'guest') as ClientKind,
      };
    }),
  );
}

const typeOf = (schema: JsonSchema) =>
  (Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type) ??
  (schema.properties ? 'object' : undefined);

/** A plausible value for a schema: what a client that read the document would send (not always valid). */
export function sampleOf(schema: JsonSchema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice) return sampleOf(choice.find((s) => s.type !== 'null') ?? choice[0]!);
  if (schema.allOf) return sampleOf(Object.assign({}, ...schema.allOf));
  switch (typeOf(schema)) {
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((name) => [name, sampleOf(schema.properties?.[name] ?? {})]),
      );
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(schema.items ?? {}));
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum ?? 0) + 1;
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'email') return 'ayse@example.com';
      if (schema.format === 'date') return '2026-01-01';
      if (schema.format === 'date-time') return '2026-01-01T00:00:00Z';
      return 'a'.repeat(Math.max(1, schema.minLength ?? 1));
    default:
      return 'a';
  }
}

/** Strings a careless or hostile client sends. */
export const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001\u0007\u001b[31m\u007f',
  '\r\n\t',
  '\u202Eİndirim\u202C',
  '\u200F\u200E\uFEFF',
  'İıIiŞşĞğÇçÖöÜü',
  'İSTANBUL'.toLowerCase(),
  '👩‍👩‍👧‍👦🇹🇷💥',
  '\uD800',
  '1e308',
  '-1e308',
  '-0',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '0x10',
  ' 1 ',
  '9'.repeat(40),
  '2026-02-30',
  'true',
  'null',
  'undefined',
  '[object Object]',
  '__proto__',
  '{{7*7}}',
  '$' + '{7*7}',
  '../../etc/passwd',
  '%00',
  '%',
  '_',
  '<script>alert(1)</script>',
  "' OR 1=1--",
  'a'.repeat(10_000),
];

/** A megabyte string: over the body limit in a body, over the URL limit in a query. */
export const MEGABYTE = 'ş'.repeat(512 * 1024);

const oddNumber = fc.constantFrom(
  1e308,
  -1e308,
  -0,
  0,
  -1,
  0.5,
  2 ** 31,
  2 ** 53 + 1,
  -(2 ** 63),
  Number.MAX_SAFE_INTEGER,
  Number.MIN_VALUE,
);

/** A value of the wrong kind, or of the right kind at or past its bounds. */
export const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ODD_STRINGS) },
  { weight: 2, arbitrary: oddNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], [[[]]], { a: { b: {} } }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 2, maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.array(fc.constantFrom('a', 1, null), { maxLength: 3 }) },
);

/** A value for one field: odd, or an array or object in place of the field's plausible value. */
const oddFor = (schema: JsonSchema): fc.Arbitrary<unknown> => {
  const plausible = sampleOf(schema);
  return fc.oneof(
    { weight: 6, arbitrary: oddValue },
    { weight: 1, arbitrary: fc.constant([plausible, plausible]) },
    { weight: 1, arbitrary: fc.constant({ value: plausible }) },
    ...(typeOf(schema) === 'string' && schema.maxLength
      ? [{ weight: 1, arbitrary: fc.constant('ı'.repeat(schema.maxLength + 1)) }]
      : []),
    ...(typeOf(schema) === 'array' && schema.items
      ? [{ weight: 2, arbitrary: fc.array(oddFor(schema.items), { minLength: 1, maxLength: 3 }) }]
      : []),
  );
};

/** One HTTP request: the path and query as sent, a JSON body or a raw one with its content type. */
export interface FuzzRequest {
  method: Operation['method'];
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** What was changed, for a failure's message. */
  note: string;
}

// A lone surrogate has no UTF-8 form: a client sends U+FFFD in its place.
const encode = (value: unknown) =>
  encodeURIComponent(
    (typeof value === 'string' ? value : (JSON.stringify(value) ?? '')).replace(
      /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
      '\uFFFD',
    ),
  );

/** A query string with plausible values, one replaced by `odd` (several times, as a list, or raw). */
function queryOf(op: Operation, odd?: { name: string; value: string; raw: boolean; repeat: boolean }) {
  const parts: string[] = [];
  for (const p of op.query) {
    if (odd?.name === p.name) {
      const v = odd.raw ? odd.value : encode(odd.value);
      parts.push(`${p.name}=${v}`);
      if (odd.repeat) parts.push(`${p.name}=${v}`, `${p.name}[]=${v}`);
    } else if (p.required) parts.push(`${p.name}=${encode(sampleOf(p.schema))}`);
  }
  if (odd && !op.query.some((p) => p.name === odd.name))
    parts.push(`${encode(odd.name)}=${encode(odd.value)}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

/** The path with plausible values (1 for an id), or one replaced by `odd`. */
const pathOf = (op: Operation, odd?: { name: string; value: string }) =>
  op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (odd?.name === name) return odd.value;
    const p = op.pathParams.find((x) => x.name === name);
    return encode(p ? sampleOf(p.schema) : '1');
  });

/** Multipart bodies no form sends: without its boundary, cut short, with no file. */
export const BROKEN_MULTIPART: [string, string][] = [
  [
    'multipart/form-data; boundary=xyz',
    '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xyz--',
  ],
  ['multipart/form-data; boundary=xyz', '--xyz\r\ngarbage'],
  [
    'multipart/form-data; boundary=xyz',
    '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nab',
  ],
  ['multipart/form-data', 'no boundary'],
  ['multipart/form-data; boundary=', '----\r\n'],
];

const RAW_BODIES: [string, string][] = [
  ['application/json', '{'],
  ['application/json', '{"a":1,"a":2'],
  ['application/json', 'null'],
  ['application/json', '"text"'],
  ['application/json', '[1,2]'],
  ['application/json', '1e308'],
  ['application/json', '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}'],
  ['application/json', `{"x":"${'\\u0000'.repeat(10)}"}`],
  ['application/json', `${'['.repeat(5000)}${']'.repeat(5000)}`],
  ['text/plain', 'merhaba'],
  ['application/x-www-form-urlencoded', 'email=a&password=b'],
  ['application/xml', '<a>1</a>'],
  ...BROKEN_MULTIPART,
  ['application/json; charset=latin1', '{"a":"\u00e7"}'],
];

/** A value as a failure's message shows it (`undefined` too), cut short. */
const shown = (value: unknown, length = 80) => (JSON.stringify(value) ?? String(value)).slice(0, length);

/** Malformed, boundary and oversized requests to one operation. */
export function malformedRequest(op: Operation): fc.Arbitrary<FuzzRequest> {
  const { method } = op;
  const base = () => (op.body ? (sampleOf(op.body) as Json) : undefined);
  const props = Object.entries(op.body?.properties ?? {});
  const options: fc.Arbitrary<FuzzRequest>[] = [];

  // A path parameter: odd, as sent (encoded), or raw with traversal and broken escapes.
  for (const p of op.pathParams) {
    options.push(
      fc
        .tuple(fc.oneof(oddFor(p.schema), fc.constantFrom('%zz', '..%2F..', '%2e%2e', 'a%00b')), fc.boolean())
        .map(([value, raw]) => {
          const text = raw && typeof value === 'string' ? value : encode(value);
          return {
            method,
            url: pathOf(op, { name: p.name, value: text }) + queryOf(op),
            ...(op.body ? { payload: base() } : {}),
            note: `path ${p.name}=${shown(value)}`,
          };
        }),
    );
  }
  // A query parameter (or an unknown one): odd, repeated, or raw.
  const queryNames = [...op.query.map((p) => p.name), '__proto__', 'sort'];
  options.push(
    fc
      .record({
        name: fc.constantFrom(...queryNames),
        value: fc.oneof(oddValue, fc.constant(MEGABYTE.slice(0, 4000))),
        raw: fc.boolean(),
        repeat: fc.boolean(),
      })
      .map(({ name, value, raw, repeat }) => {
        const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
        const odd = { name, value: raw ? text.replace(/[&#\s]/g, '') : text, raw, repeat };
        return {
          method,
          url: pathOf(op) + queryOf(op, odd),
          ...(op.body ? { payload: base() } : {}),
          note: `query ${name}=${shown(value)} raw=${raw} repeat=${repeat}`,
        };
      }),
  );
  if (method !== 'GET') {
    const url = pathOf(op) + queryOf(op);
    // One field odd, left out, or nested one deeper.
    if (props.length) {
      options.push(
        fc
          .constantFrom(...props)
          .chain(([name, schema]) =>
            fc.tuple(fc.constant(name), oddFor(schema), fc.constantFrom('odd', 'missing', 'nested')),
          )
          .map(([name, value, how]) => {
            const body = base() ?? {};
            const schema = op.body!.properties![name]!;
            if (how === 'missing') delete body[name];
            else if (how === 'nested' && typeOf(schema) === 'object') {
              const inner = sampleOf(schema) as Json;
              const key = Object.keys(schema.properties ?? {})[0] ?? 'x';
              body[name] = { ...inner, [key]: value };
            } else if (how === 'nested' && typeOf(schema) === 'array') {
              body[name] = [sampleOf(schema.items ?? {}), value];
            } else body[name] = value;
            return {
              method,
              url,
              payload: body,
              note: `body ${how} ${name}=${shown(value)}`,
            };
          }),
      );
    }
    // Every field odd at once, extra fields, or the body of another kind.
    options.push(
      fc
        .tuple(
          fc.dictionary(
            fc.constantFrom(...props.map(([n]) => n), '__proto__', 'constructor', 'id', 'İ', ''),
            oddValue,
            {
              maxKeys: 6,
            },
          ),
          fc.boolean(),
        )
        .map(([extra, keep]) => ({
          method,
          url,
          payload: { ...(keep ? base() : {}), ...extra },
          note: `body with ${shown(extra, 120)}`,
        })),
      oddValue.map((value) => ({
        method,
        url,
        payload: JSON.stringify(value ?? null),
        headers: { 'content-type': 'application/json' },
        note: `body ${shown(value)}`,
      })),
      fc.constantFrom(...RAW_BODIES).map(([type, raw]) => ({
        method,
        url,
        payload: raw,
        headers: { 'content-type': type },
        note: `raw ${type} ${raw.slice(0, 40)}`,
      })),
      fc.constant({
        method,
        url,
        payload: { ...(base() ?? {}), ...Object.fromEntries(props.slice(0, 1).map(([n]) => [n, MEGABYTE])) },
        note: 'a megabyte string',
      }),
    );
  }
  return fc.oneof(...options);
}

/** What is wrong with an answer: a 5xx, or an error not in the API's error shape with a Turkish message. */
export function answerProblem(res: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  if (res.statusCode >= 500) return `answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (res.statusCode < 400) return undefined;
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) {
    return `a ${res.statusCode} without JSON: ${res.headers['content-type']} ${res.body.slice(0, 200)}`;
  }
  let body: { error?: { code?: unknown; message?: unknown } };
  try {
    body = JSON.parse(res.body);
  } catch {
    return `a ${res.statusCode} with a broken JSON body: ${res.body.slice(0, 200)}`;
  }
  const keys = Object.keys(body ?? {});
  const { code, message } = body?.error ?? {};
  if (keys.length !== 1 || keys[0] !== 'error' || typeof code !== 'string' || !/^[A-Z0-9_]+$/.test(code)) {
    return `a ${res.statusCode} not in the error shape: ${res.body.slice(0, 200)}`;
  }
  if (
    typeof message !== 'string' ||
    !message.trim() ||
    /\b(the|must|should|expected|invalid|unexpected|required|not found|body|route|request|error)\b/i.test(
      message,
    )
  ) {
    return `a ${res.statusCode} ${code} whose message is not Turkish: ${JSON.stringify(message)}`;
  }
  return undefined;
}

/**
 * Tables whose rows any request may touch: a session's last use (customers' and staff's), an e-mail sent in
 * the background after the request that queued it. Only their row count is compared.
 */
const COUNTED_ONLY = new Set(['mail_queue', 'sessions', 'staff_sessions']);
/** Tables a refused request writes by design: a wrong password at a login is counted (`login_failures`). */
const WRITTEN_BY_REFUSALS = new Set(['login_failures']);

/** Row count and a checksum of every table of the shop's schema (migrations' bookkeeping and the login counts left out). */
export async function tableSnapshot(database: Database): Promise<Map<string, string>> {
  const tables = await database.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  const parts = tables
    .filter((t) => !t.name.startsWith('__drizzle') && !WRITTEN_BY_REFUSALS.has(t.name))
    .map((t) =>
      COUNTED_ONLY.has(t.name)
        ? `select '${t.name}' as name, count(*)::text as sum from "${t.name}" x`
        : `select '${t.name}' as name, count(*)::text || ':' || md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as sum from "${t.name}" x`,
    );
  const rows = await database.query<{ name: string; sum: string }>(parts.join(' union all '));
  return new Map(rows.map((r) => [r.name, r.sum]));
}

/** The tables whose rows differ between two snapshots. */
export const changedTables = (before: Map<string, string>, after: Map<string, string>) =>
  [...new Set([...before.keys(), ...after.keys()])].filter((name) => before.get(name) !== after.get(name));

/** One place a client puts a value: a path or query parameter, or a top-level body field. */
export interface Field {
  in: 'path' | 'query' | 'body';
  name: string;
}

/** Every parameter and top-level body field of an operation. */
export const fieldsOf = (op: Operation): Field[] => [
  ...op.pathParams.map((p) => ({ in: 'path' as const, name: p.name })),
  ...op.query.map((p) => ({ in: 'query' as const, name: p.name })),
  ...Object.keys(op.body?.properties ?? {}).map((name) => ({ in: 'body' as const, name })),
];

/** A request with plausible values everywhere but `value` in `field`. */
export function requestWith(op: Operation, field: Field, value: string): FuzzRequest {
  const url =
    pathOf(op, field.in === 'path' ? { name: field.name, value: encode(value) } : undefined) +
    queryOf(op, field.in === 'query' ? { name: field.name, value, raw: false, repeat: false } : undefined);
  const body = op.body ? (sampleOf(op.body) as Json) : undefined;
  if (body && field.in === 'body') body[field.name] = value;
  return {
    method: op.method,
    url,
    ...(body ? { payload: body } : {}),
    note: `${field.in} ${field.name}=${JSON.stringify(value)}`,
  };
}
