/**
 * The contact form (`POST /api/front/contact`, the `/contact` page). Messages are what a visitor reads next
 * to the field. Brings zod: imported by path, by the server and by the OpenAPI document.
 */
import { lineText, multilineText, z } from '../zod.ts';
import { CONTACT_HONEYPOT, CONTACT_LIMITS } from './form-limits.ts';

export { CONTACT_HONEYPOT, CONTACT_LIMITS };
/** Messages per IP address in `CONTACT_WINDOW_MS`. */
export const CONTACT_MAX_PER_WINDOW = 5;
export const CONTACT_WINDOW_MS = 10 * 60 * 1000;

const text =
  (string: typeof lineText) => (missing: string, min: number, max: number, short: string, long: string) =>
    string({ error: missing }).trim().min(1, missing).min(min, short).max(max, long);

export const contactRequest = z.object({
  name: text(lineText)(
    'Adınızı ve soyadınızı girin',
    2,
    CONTACT_LIMITS.name,
    'Ad soyad en az 2 karakter olmalı',
    `Ad soyad en fazla ${CONTACT_LIMITS.name} karakter olabilir`,
  ),
  email: z
    .string({ error: 'E-posta adresinizi girin' })
    .trim()
    .toLowerCase()
    .min(1, 'E-posta adresinizi girin')
    .max(CONTACT_LIMITS.email, `E-posta adresi en fazla ${CONTACT_LIMITS.email} karakter olabilir`)
    .pipe(z.email({ error: 'Geçerli bir e-posta adresi girin' })),
  subject: text(lineText)(
    'Konuyu yazın',
    3,
    CONTACT_LIMITS.subject,
    'Konu en az 3 karakter olmalı',
    `Konu en fazla ${CONTACT_LIMITS.subject} karakter olabilir`,
  ),
  message: text(multilineText)(
    'Mesajınızı yazın',
    10,
    CONTACT_LIMITS.message,
    'Mesajınız en az 10 karakter olmalı',
    `Mesajınız en fazla ${CONTACT_LIMITS.message} karakter olabilir`,
  ),
  kvkk: z.preprocess(
    (v) => v === 'on' || v === 'true' || v === '1' || v === true,
    z.literal(true, { error: 'KVKK aydınlatma metnini okuduğunuzu onaylamanız gerekiyor' }),
  ),
  [CONTACT_HONEYPOT]: z.string().max(500).optional().describe('Leave empty (a trap for bots)'),
});
export type ContactRequest = z.input<typeof contactRequest>;
export type ContactData = z.output<typeof contactRequest>;

export const contactAnswer = z.object({ ok: z.literal(true), message: z.string() });
export const CONTACT_SENT_MESSAGE = 'Mesajınız bize ulaştı. En kısa sürede e-posta ile yanıt vereceğiz.';
