import { TICKETS_PER_PAGE, type TicketDetail, type TicketList } from '@vitrin/shared/api/support';
import { z } from '@vitrin/shared/zod';
import { errorAnswer } from '../route.ts';

/** What the support routes answer, as zod schemas (the shared module has them as types). */

export const notFound = { 404: errorAnswer('TALEP_BULUNAMADI: unknown or another customer’s ticket') };
export const upload = {
  413: errorAnswer('DOSYA_COK_BUYUK: the attachment is over 5 MB'),
  415: errorAnswer('DOSYA_TURU_GECERSIZ: not a JPEG, PNG, WebP or PDF (by content)'),
  503: errorAnswer(
    'DEPOLAMA_KULLANILAMIYOR: the file store (the bucket) refuses writes; neither the file nor the message is saved',
  ),
  507: errorAnswer('DISK_DOLU: the server disk is full; neither the file nor the message is saved'),
};

const status = z.object({
  code: z.enum(['open', 'answered', 'closed']),
  label: z.string().describe('Açık, Yanıtlandı or Kapandı'),
  badge: z.enum(['warning', 'success', 'dark']),
});
const summary = z.object({
  ticketNo: z.string().describe('DT- and 8 characters'),
  subject: z.string(),
  status,
  orderNo: z.string().nullable(),
  createdAt: z.string().describe('ISO 8601'),
  updatedAt: z.string().describe('ISO 8601'),
});
const detail = summary.extend({
  messages: z.array(
    z.object({
      id: z.number().int(),
      author: z.enum(['customer', 'shop']),
      body: z.string(),
      createdAt: z.string(),
      attachment: z
        .object({ name: z.string(), type: z.string(), size: z.number().int(), url: z.string() })
        .nullable(),
    }),
  ),
  canReply: z.boolean(),
  canClose: z.boolean(),
}) satisfies z.ZodType<TicketDetail>;
export const list = z.object({
  tickets: z.array(summary).describe(`One page, at most ${TICKETS_PER_PAGE} tickets`),
  page: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int().describe('All the customer’s tickets'),
  pageCount: z.number().int().describe('At least 1'),
  orders: z.array(z.object({ orderNo: z.string(), createdAt: z.string() })),
}) satisfies z.ZodType<TicketList>;
export const ticketAnswer = z.object({ ticket: detail });
/** A body that may also come as multipart/form-data with a `file`. */
export const withFile = (schema: z.ZodObject) =>
  schema.extend({
    file: z.string().optional().describe('multipart/form-data only: JPEG, PNG, WebP or PDF, ≤ 5 MB'),
  });
