import fastifyMultipart from '@fastify/multipart';
import type { Services } from '@vitrin/core';
import { IMPORT_FILE_DAYS } from '@vitrin/core/imports/kept-files';
import {
  IMPORT_MAX_BYTES,
  importAnswer,
  importIdParam,
  importProgressAnswer,
  importQuery,
} from '@vitrin/shared/api/admin/imports';
import { z } from '@vitrin/shared/zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../../http/errors.ts';
import type { StaffOf } from '../../../sessions/staff-session.ts';
import { apiRoutes, errorAnswer, invalid, staffRefusals } from '../../route.ts';
import { signedIn, staffActor } from '../replies.ts';

const TAG = 'Yönetim: ürün içe aktarma';
const MB = IMPORT_MAX_BYTES / (1024 * 1024);

const noFile = () =>
  new HttpError(400, 'DOSYA_GEREKLI', 'Bir CSV ya da XLSX dosyası seçin (çok parçalı formun `file` alanı).', {
    file: 'Dosya seçin',
  });
const tooLarge = () =>
  new HttpError(413, 'DOSYA_COK_BUYUK', `Dosya en fazla ${MB} MB olabilir.`, { file: 'Dosya çok büyük' });

/** Multipart failures of the client's making, in Turkish with our codes. */
const PART_ERRORS: Record<string, () => HttpError> = {
  FST_REQ_FILE_TOO_LARGE: tooLarge,
  FST_FILES_LIMIT: () =>
    new HttpError(400, 'GECERSIZ_ISTEK', 'Bir seferde tek dosya içe aktarılır.', { file: 'Tek dosya seçin' }),
  FST_PARTS_LIMIT: () => new HttpError(400, 'GECERSIZ_ISTEK', 'İstekte çok fazla alan var.'),
  FST_FIELDS_LIMIT: () => new HttpError(400, 'GECERSIZ_ISTEK', 'İstekte çok fazla alan var.'),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () =>
    new HttpError(400, 'GECERSIZ_ISTEK', 'Çok parçalı form okunamadı.'),
};

/** The `file` part and the text fields of the multipart body; anything else is no file. */
async function fileOf(request: FastifyRequest) {
  if (!request.isMultipart()) throw noFile();
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; name: string } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw tooLarge();
        if (part.fieldname === 'file') file = { bytes, name: part.filename ?? '' };
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (err) {
    const known = PART_ERRORS[(err as { code?: string }).code ?? ''];
    if (known) throw known();
    throw err;
  }
  if (!file) throw noFile();
  return { file, fields };
}

/**
 * The product import (`catalog.write`: owners and managers): a CSV or XLSX file checked row by row, with
 * `dryRun=1` first; the real run writes all or nothing. Its progress is read while it runs.
 */
export function registerImportRoutes(app: FastifyInstance, services: Services, staffOf: StaffOf) {
  const { productImports } = services;

  apiRoutes(
    app,
    undefined,
    staffOf,
  )({
    method: 'GET',
    url: '/api/admin/imports/:id',
    summary:
      'A product import’s progress while it runs (phase, rows done of all) and its result once done; kept an hour on the node that ran it',
    tag: TAG,
    permission: 'catalog.write',
    params: importIdParam,
    responses: {
      200: { description: 'The run', schema: importProgressAnswer },
      ...invalid,
      ...staffRefusals,
      404: errorAnswer('ICE_AKTARMA_BULUNAMADI: no run of this id (or over an hour ago)'),
    },
    handler: async (request) => productImports.progress(request.params.id),
  });

  apiRoutes(
    app,
    undefined,
    staffOf,
  )({
    method: 'GET',
    url: '/api/admin/imports/:id/file',
    summary: `A written import's file as it was sent (Content-Disposition, nosniff), from whichever node; kept ${IMPORT_FILE_DAYS} days`,
    tag: TAG,
    permission: 'catalog.write',
    params: importIdParam,
    responses: {
      200: { description: 'The CSV or XLSX file' },
      ...invalid,
      ...staffRefusals,
      404: errorAnswer(
        `ICE_AKTARMA_BULUNAMADI: no written run of this id (a dry run, a refused one, over ${IMPORT_FILE_DAYS} days ago)`,
      ),
    },
    handler: async (request, reply) => {
      const { bytes, name, type } = await productImports.keptFile(request.params.id);
      const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      return reply
        .header('content-type', type)
        .header(
          'content-disposition',
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  });

  // Multipart is parsed only here (its own plugin scope), as for ticket attachments.
  app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 },
    });
    apiRoutes(
      scope,
      undefined,
      staffOf,
    )({
      method: 'POST',
      url: '/api/admin/imports/products',
      summary: `Imports products from a CSV (UTF-8, \`;\` or \`,\`, decimal commas) or XLSX file (multipart \`file\`, at most ${MB} MB and 50 000 rows; columns in docs/panel.md). \`dryRun=1\` (query or form field) checks every row and changes nothing; the real run checks every row, stages the changes in batches while the shop goes on serving, and applies them in one short transaction (all or nothing; 409 when a SKU or slug was taken, or a product deleted, meanwhile), idempotent by SKU, in the audit log; \`id\` names the run for GET /api/admin/imports/{id}`,
      tag: TAG,
      permission: 'catalog.write',
      querystring: importQuery,
      body: z.object({
        file: z.string().optional().describe('multipart/form-data: the .csv or .xlsx file'),
        dryRun: z.string().optional().describe('1: check only (also as a query parameter)'),
        id: z.string().optional().describe('As the query parameter'),
      }),
      multipart: true,
      responses: {
        200: { description: 'Checked (dry run) or written', schema: importAnswer },
        ...invalid,
        ...staffRefusals,
        409: errorAnswer(
          'ICE_AKTARMA_CAKISMA: a SKU or slug was taken, or a product the file changes deleted, meanwhile (or a run of this id is still going); nothing written',
        ),
        413: errorAnswer(`DOSYA_COK_BUYUK: over ${MB} MB`),
        415: errorAnswer('DOSYA_TURU_GECERSIZ: not a UTF-8 CSV or an XLSX workbook (by content)'),
        // The error body as every error has it; a refusal for rows also carries `rows` and `summary` beside it
        // (`importRefusal` in the shared schemas), as a dry run answers them.
        422: errorAnswer(
          'ICE_AKTARMA_HATALI: rows with errors, nothing written; the body has `rows` and `summary` beside `error`, as a dry run answers them. DOSYA_BOS; DOSYA_OKUNAMADI: a CSV whose quote is never closed (naming its row); BASLIK_EKSIK: a required column missing; COK_FAZLA_SATIR: over 50 000 rows',
        ),
      },
      bodyLimit: IMPORT_MAX_BYTES + 1024 * 1024,
      handler: async (request) => {
        const actor = staffActor(await signedIn(staffOf, request));
        const { file, fields } = await fileOf(request);
        const dryRun = request.query.dryRun || fields.dryRun === '1' || fields.dryRun === 'true';
        const id = request.query.id ?? fields.id;
        if (id !== undefined && !importIdParam.id.safeParse(id).success) {
          throw new HttpError(400, 'GECERSIZ_ISTEK', 'Kimlik 8-64 harf, rakam ya da tire olmalıdır.', {
            id: 'Geçersiz kimlik',
          });
        }
        // Rows with errors: 422 ICE_AKTARMA_HATALI with every row's errors beside `error` (its details).
        return productImports.run(file, { dryRun, actor, ...(id ? { id } : {}) });
      },
    });
  });
}
