// Debian's sqlmap against a running shop: targets made from the OpenAPI document (every query and path
// parameter, every JSON body field) and from the storefront's plain form posts, written as one request log per
// sqlmap process, and sqlmap's results read back (its CSV of findings and its log of what it tested).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The marker after a value that sqlmap injects into (its custom injection mark). */
export const MARK = '*';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = {
  type?: string | string[];
  $ref?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: Json[];
  const?: Json;
  default?: Json;
  format?: string;
  pattern?: string;
  minimum?: number;
  minLength?: number;
  minItems?: number;
  additionalProperties?: Schema | boolean;
};
interface Operation {
  parameters?: { name: string; in: 'path' | 'query'; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  security?: object[];
  'x-permission'?: string;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

/** One request sqlmap tests: its injection points carry the mark. */
export interface SqlmapTarget {
  /** `METHOD /path template` for an API operation, `POST /form (intent)` for a form: what the report names. */
  name: string;
  method: string;
  /** The path and query with marks, as sent. */
  url: string;
  body?: string;
  /** The body's type (a multipart body's names its boundary). */
  contentType?: string;
  /** Headers the operation needs besides the session's (an idempotency key). */
  headers?: Record<string, string>;
  /** A session of its own instead of the log's (an account the request changes or deletes). */
  cookie?: string;
  /** Names of the marked points (for the report and the coverage check). */
  points: string[];
}

/** Values a schema alone cannot make valid (patterns, checksums), by field name. */
const KNOWN: Record<string, Json> = {
  email: 'sqlmap@example.com',
  phone: '0532 123 45 67',
  tcKimlikNo: '10000000146',
  provinceCode: 34,
  postcode: '34710',
  iban: 'TR330006100519786457841326',
  tax_id: '1234567890',
  contact_email: 'iletisim@example.com',
  order_email: '',
  mersis_no: '',
  contact_phone: '0212 123 45 67',
  usd_rate: '32.50',
  eur_rate: '35.10',
  barcode: null,
  sku: 'SQLMAP-1',
  color: '#336699',
  url: 'https://example.com/sayfa',
  href: '/about',
  from: '2026-01-01',
  to: '2026-12-31',
  date: '2026-01-01',
  password: 'yanlis-sifre-9',
  currentPassword: 'yanlis-sifre-9',
  newPassword: 'yeni-gizli-sifre-9',
  code: '123456',
  // A card's first digits (the instalment table's BIN).
  bin: '424242',
  price: '100.00',
  // Listing and paging query parameters are text that must read as numbers.
  page: '1',
  pageSize: '24',
  perPage: '10',
  min: '0',
  max: '5000',
  minPrice: '0',
  maxPrice: '5000',
  staffId: '1',
  entity: 'product',
};

/** A value the schema accepts: `known` by field name, else the schema's default, enum, or a plain value. */
export function exampleOf(schema: Schema, doc: OpenApiDocument, name = ''): Json {
  if (schema.$ref) return exampleOf(doc.components.schemas[schema.$ref.split('/').pop()!]!, doc, name);
  if (name in KNOWN) return KNOWN[name]!;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0]!;
  const options = schema.anyOf ?? schema.oneOf;
  if (options) {
    const real = options.find((o) => o.type !== 'null') ?? options[0]!;
    return exampleOf(real, doc, name);
  }
  if (schema.default !== undefined && typeof schema.default !== 'object') return schema.default;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, Json> = {};
      for (const [key, part] of Object.entries(schema.properties ?? {})) out[key] = exampleOf(part, doc, key);
      return out;
    }
    case 'array': {
      if (!schema.items) return [];
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => exampleOf(schema.items!, doc));
    }
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return false;
    default: {
      if (schema.format === 'email' || /mail/i.test(name)) return 'sqlmap@example.com';
      if (schema.format === 'date') return '2026-01-01';
      if (schema.format === 'date-time') return '2026-01-01T10:00:00.000Z';
      const text = 'sqlmap deneme metni';
      return text.length >= (schema.minLength ?? 0) ? text : text.padEnd(schema.minLength!, 'x');
    }
  }
}

/** JSON text with the mark after every string and number (inside the quotes of a string). */
function markedJson(value: Json, points: string[], at = ''): string {
  if (Array.isArray(value)) return `[${value.map((v, i) => markedJson(v, points, `${at}[${i}]`)).join(',')}]`;
  if (value && typeof value === 'object') {
    const parts = Object.entries(value).map(
      ([k, v]) => `${JSON.stringify(k)}:${markedJson(v, points, at ? `${at}.${k}` : k)}`,
    );
    return `{${parts.join(',')}}`;
  }
  if (typeof value === 'string' || typeof value === 'number') {
    points.push(at);
    const text = JSON.stringify(value);
    return typeof value === 'string' ? `${text.slice(0, -1)}${MARK}"` : `${text}${MARK}`;
  }
  return JSON.stringify(value);
}

/** A form body (`a.b=…` for nested fields, as the storefront's forms post them) with every value marked. */
export function markedForm(fields: Record<string, Json>, points: string[]): string {
  const pairs: string[] = [];
  const walk = (value: Json, at: string) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value)) walk(v, at ? `${at}.${k}` : k);
    } else if (value !== null && !Array.isArray(value)) {
      points.push(at);
      pairs.push(`${encodeURIComponent(at)}=${encodeURIComponent(String(value))}${MARK}`);
    }
  };
  walk(fields, '');
  return pairs.join('&');
}

/** One part of a multipart body: a text field, or a file whose text is given (marks and all). */
export interface MultipartPart {
  name: string;
  value: string;
  file?: { name: string; type: string };
}

/** The boundary of the multipart bodies made here. */
const BOUNDARY = 'vitrin-sqlmap-sinir';

/**
 * A multipart/form-data body (CRLF lines, as browsers send it) with every text field's value marked; a file's
 * text goes as given, so its own marks (a CSV cell's) are its points, named by the caller.
 */
export function markedMultipart(parts: readonly MultipartPart[], points: string[]) {
  const body = parts
    .map((part) => {
      const disposition = `Content-Disposition: form-data; name="${part.name}"`;
      if (part.file)
        return `--${BOUNDARY}\r\n${disposition}; filename="${part.file.name}"\r\nContent-Type: ${part.file.type}\r\n\r\n${part.value}\r\n`;
      points.push(part.name);
      return `--${BOUNDARY}\r\n${disposition}\r\n\r\n${part.value}${MARK}\r\n`;
    })
    .join('');
  return { body: `${body}--${BOUNDARY}--\r\n`, contentType: `multipart/form-data; boundary=${BOUNDARY}` };
}

export interface TargetOptions {
  /** The value of a path parameter (`/api/admin/products/{id}` → `id`), by the path and its name. */
  pathValue(path: string, name: string, method: string): string;
  /** The value of a query parameter where the schema's example would be refused (a real slug), by path and name. */
  queryValue?(path: string, name: string): string | undefined;
  /** Body fields left out of every generated body (an optional check a replayed request cannot pass). */
  leaveOut?: readonly string[];
  /** A whole body instead of the one made from the schema (still every value marked). */
  bodies?: Record<string, Json>;
  /** Multipart bodies (an upload), by `METHOD /path`, with the points their files' marks stand for. */
  multipart?: Record<string, { parts: MultipartPart[]; filePoints?: string[] }>;
  /** Headers an operation needs, by `METHOD /path`. */
  headers?: Record<string, Record<string, string>>;
  /** Operations left out, as `METHOD /path`, each with the reason (the report prints them). */
  skip?: Record<string, string>;
}

/** The value with the named fields left out of its top-level object. */
function without(value: Json, names: readonly string[]): Json {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => !names.includes(k)));
}

/** A target for every operation of the document that has a query, path or body parameter. */
export function targetsFromDocument(doc: OpenApiDocument, options: TargetOptions): SqlmapTarget[] {
  const targets: SqlmapTarget[] = [];
  for (const [template, methods] of Object.entries(doc.paths)) {
    for (const [lower, op] of Object.entries(methods)) {
      const method = lower.toUpperCase();
      const key = `${method} ${template}`;
      if (options.skip?.[key]) continue;
      const points: string[] = [];
      const url = template.replace(/\{(\w+)\}/g, (_, name: string) => {
        points.push(`{${name}}`);
        return `${encodeURIComponent(options.pathValue(template, name, method))}${MARK}`;
      });
      const query = (op.parameters ?? [])
        .filter((p) => p.in === 'query')
        .map((p) => {
          points.push(`?${p.name}`);
          const value = options.queryValue?.(template, p.name) ?? String(exampleOf(p.schema, doc, p.name));
          return `${p.name}=${encodeURIComponent(value)}${MARK}`;
        });
      const schema = op.requestBody?.content['application/json']?.schema;
      const upload = options.multipart?.[key];
      const made = upload
        ? markedMultipart(upload.parts, points)
        : schema
          ? {
              body: markedJson(
                options.bodies?.[key] ?? without(exampleOf(schema, doc), options.leaveOut ?? []),
                points,
              ),
              contentType: 'application/json',
            }
          : undefined;
      points.push(...(upload?.filePoints ?? []));
      if (!points.length) continue;
      targets.push({
        name: key,
        method,
        url: query.length ? `${url}?${query.join('&')}` : url,
        ...made,
        ...(options.headers?.[key] ? { headers: options.headers[key] } : {}),
        points,
      });
    }
  }
  return targets;
}

/**
 * A Burp-style log of the targets (sqlmap's `-l`), every request with the shop's Origin (writes need it),
 * the cookies of both sessions and the body's type.
 */
export function requestLog(targets: readonly SqlmapTarget[], base: string, cookie: string): string {
  const { host } = new URL(base);
  const rule = '='.repeat(54);
  return targets
    .map((t) => {
      const headers = [
        `${t.method} ${t.url} HTTP/1.1`,
        `Host: ${host}`,
        `Origin: ${base}`,
        'Accept: application/json, text/html',
        `Cookie: ${t.cookie ?? cookie}`,
        ...Object.entries(t.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
        ...(t.body ? [`Content-Type: ${t.contentType}`, `Content-Length: ${Buffer.byteLength(t.body)}`] : []),
      ];
      return `${rule}\n00:00:00  ${base}\n${rule}\n${headers.join('\n')}\n\n${t.body ?? ''}\n${rule}\n\n\n`;
    })
    .join('');
}

export interface SqlmapRun {
  /** Rows of sqlmap's results CSV: every injectable point it found. */
  findings: string[];
  /** Rows its false-positive check refuted (answers that differed by chance, not by the payload's logic). */
  refuted: string[];
  /** Points sqlmap probed (its heuristic check, which `--smart` also runs on every point). */
  probed: number;
  /** Points sqlmap ran its payload sets on (every probed point, unless `--smart` skipped it). */
  tested: number;
  /** Lines where sqlmap says a point is or might be injectable. */
  alarms: string[];
  /** What sqlmap could not do (a target it skipped, an answer it could not compare). */
  problems: string[];
  log: string;
}

/** Runs sqlmap over one request log; its output goes to `dir`. */
export function runSqlmap(logFile: string, dir: string, args: readonly string[]): Promise<SqlmapRun> {
  const results = path.join(dir, 'results.csv');
  return new Promise((resolve, reject) => {
    const child = spawn(
      'sqlmap',
      [
        '-l',
        logFile,
        '--batch',
        '--ignore-stdin',
        `--output-dir=${dir}`,
        `--results-file=${results}`,
        ...args,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const chunks: string[] = [];
    child.stdout.on('data', (d) => chunks.push(String(d)));
    child.stderr.on('data', (d) => chunks.push(String(d)));
    child.on('error', reject);
    child.on('close', () => {
      const log = chunks.join('');
      if (existsSync(dir)) writeFileSync(path.join(dir, 'sqlmap.log'), log);
      resolve(readRun(log, results));
    });
  });
}

/** sqlmap's verdict on a point that its false-positive check (a second set of comparisons) refuted. */
const REFUTED = 'false positive or unexploitable';

/** What one run found and tested, from its log and its results CSV. */
export function readRun(log: string, resultsFile: string): SqlmapRun {
  const rows = existsSync(resultsFile)
    ? readFileSync(resultsFile, 'utf8').trim().split('\n').slice(1).filter(Boolean)
    : [];
  const lines = log.split('\n');
  // The log point by point: a point whose answers differed only by chance (a record made by an earlier request,
  // a limit reached) is first said to "appear injectable", then refuted by sqlmap's false-positive check.
  const points: string[][] = [[]];
  for (const line of lines) {
    if (/testing for SQL injection on |\[INFO\] testing URL /.test(line)) points.push([]);
    points.at(-1)!.push(line);
  }
  const alarm = (l: string) =>
    /is vulnerable|appears to be .*injectable|might be injectable|seems to be .*injectable|identified the following injection point/i.test(
      l,
    ) &&
    !/might not be injectable|does not seem to be injectable/.test(l) &&
    // Its UNION column count (ORDER BY answers that differ) announces the UNION payloads, not a finding: those
    // that work are said "is 'Generic UNION query' injectable" and written to the results.
    !/target URL appears to be UNION injectable with \d+ columns/.test(l);
  return {
    findings: rows.filter((r) => !r.endsWith(REFUTED)),
    refuted: rows.filter((r) => r.endsWith(REFUTED)),
    probed: lines.filter((l) => /heuristic \(basic\) test shows that /.test(l)).length,
    tested: lines.filter((l) => /\[INFO\] testing for SQL injection on /.test(l)).length,
    alarms: points.filter((p) => !p.some((l) => l.includes(REFUTED))).flatMap((p) => p.filter(alarm)),
    problems: lines.filter(
      (l) => /skipping to the next target|\[ERROR\]|\[CRITICAL\]/.test(l) && !/do not appear/.test(l),
    ),
    log,
  };
}
