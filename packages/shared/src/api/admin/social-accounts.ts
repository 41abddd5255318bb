/**
 * The shop's social media accounts in the panel (`/api/admin/social-accounts`, `content.write`: owners and
 * managers), shown in the storefront's footer in their order. An address typed without `https://` gets it; one
 * that is still not http(s) is refused in Turkish. Brings zod: imported by path.
 */
import { isHttpUrl } from '../../email.ts';
import { WEB_ADDRESS_MESSAGES, withHttps } from '../../web-address.ts';
import { lineText, z } from '../../zod.ts';

/** The platforms the footer has a mark for; `other` gets a link icon. */
export const SOCIAL_PLATFORMS = [
  'instagram',
  'facebook',
  'x',
  'youtube',
  'pinterest',
  'tiktok',
  'linkedin',
  'other',
] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

export const SOCIAL_PLATFORM_LABELS: Record<SocialPlatform, string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  x: 'X (Twitter)',
  youtube: 'YouTube',
  pinterest: 'Pinterest',
  tiktok: 'TikTok',
  linkedin: 'LinkedIn',
  other: 'Diğer',
};

export const SOCIAL_ACCOUNTS_MAX = 20;
export const SOCIAL_URL_MAX = 500;
export const SOCIAL_LABEL_MAX = 40;

/**
 * A URL field of the panel: an absolute http(s) address, `https://` added to one typed without it
 * (`www.ornek.com.tr/x`); every refusal in Turkish.
 */
export const httpUrlField = (max: number) =>
  lineText({ error: WEB_ADDRESS_MESSAGES.invalid })
    .trim()
    .min(1, { message: WEB_ADDRESS_MESSAGES.required, abort: true })
    .overwrite(withHttps)
    .max(max, WEB_ADDRESS_MESSAGES.tooLong(max))
    .refine(isHttpUrl, WEB_ADDRESS_MESSAGES.invalid);

export const socialAccountRequest = z.object({
  platform: z.enum(SOCIAL_PLATFORMS, { error: 'Platformu listeden seçin' }),
  label: lineText({ error: 'Görünen adı girin' })
    .trim()
    .min(1, 'Görünen adı girin')
    .max(SOCIAL_LABEL_MAX, `Görünen ad en fazla ${SOCIAL_LABEL_MAX} karakter olabilir`),
  url: httpUrlField(SOCIAL_URL_MAX),
});
export type SocialAccountRequest = z.input<typeof socialAccountRequest>;
export type SocialAccountInput = z.output<typeof socialAccountRequest>;

export const socialAccountIdParam = z.coerce
  .number({ error: 'Hesap numarası geçersiz' })
  .int('Hesap numarası geçersiz')
  .min(1, 'Hesap numarası geçersiz')
  .max(2_147_483_647, 'Hesap numarası geçersiz');

const ORDER_MESSAGE = 'Sıra, hesapların numaralarından oluşan bir liste olmalı';
/** The new order: every account's id once, first shown first. */
export const socialAccountOrderRequest = z.object({
  ids: z
    .array(socialAccountIdParam, { error: ORDER_MESSAGE })
    .min(1, ORDER_MESSAGE)
    .max(SOCIAL_ACCOUNTS_MAX, ORDER_MESSAGE)
    .refine((ids) => new Set(ids).size === ids.length, 'Bir hesap sırada iki kez geçemez'),
});
export type SocialAccountOrder = z.output<typeof socialAccountOrderRequest>;

export const adminSocialAccountSchema = z.object({
  id: z.number().int(),
  platform: z.string().describe('instagram, facebook, x, youtube, pinterest, tiktok, linkedin or other'),
  label: z.string(),
  url: z.string(),
  position: z.number().int().describe('Footer order, from 0'),
});
export type AdminSocialAccount = z.output<typeof adminSocialAccountSchema>;

export const socialAccountListAnswer = z.object({ items: z.array(adminSocialAccountSchema) });
export const socialAccountAnswer = z.object({ account: adminSocialAccountSchema });
