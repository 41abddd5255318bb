/**
 * Support's saved replies in the panel (`/api/admin/saved-replies`, `tickets.write`): a title and a text staff
 * insert into a ticket's reply. The text is at most as long as a reply may be. Brings zod: imported by path.
 */
import { lineText, multilineText, z } from '../../zod.ts';
import { SUPPORT_LIMITS } from '../form-limits.ts';

export const SAVED_REPLY_TITLE_MAX = 100;

export const savedReplyRequest = z.object({
  title: lineText({ error: 'Başlık yazın' })
    .trim()
    .min(1, 'Başlık yazın')
    .max(SAVED_REPLY_TITLE_MAX, `Başlık en fazla ${SAVED_REPLY_TITLE_MAX} karakter olabilir`),
  body: multilineText({ error: 'Yanıt metnini yazın' })
    .trim()
    .min(1, 'Yanıt metnini yazın')
    .max(SUPPORT_LIMITS.message, `Yanıt en fazla ${SUPPORT_LIMITS.message} karakter olabilir`),
});
export type SavedReplyRequest = z.input<typeof savedReplyRequest>;
export type SavedReplyData = z.output<typeof savedReplyRequest>;

export const savedReplyIdParam = z.coerce
  .number({ error: 'Hazır yanıt numarası geçersiz' })
  .int('Hazır yanıt numarası geçersiz')
  .min(1, 'Hazır yanıt numarası geçersiz')
  .max(2_147_483_647, 'Hazır yanıt numarası geçersiz');

export const savedReplySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  updatedAt: z.string().describe('ISO 8601'),
});
export type SavedReply = z.output<typeof savedReplySchema>;

export const savedReplyAnswer = z.object({ reply: savedReplySchema });
export const savedReplyListAnswer = z.object({
  items: z.array(savedReplySchema).describe('Every saved reply, by title in Turkish alphabetical order'),
});
export type SavedReplyListAnswer = z.output<typeof savedReplyListAnswer>;
