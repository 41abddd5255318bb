import { z } from '../zod.ts';

/** Public shop settings as served in `global_setting`; secrets and internal settings never appear here. */
export const globalSettingSchema = z.object({
  is_online: z.union([z.literal(0), z.literal(1)]).describe('1: the shop is open; 0: maintenance'),
  unvan: z.string().describe('Ticari unvan'),
  brand_name: z.string(),
  logo: z.string().describe('Image path `folder/file` under /uploads'),
  contact_phone: z.string(),
  contact_email: z.string(),
  contact_address: z.string(),
  usd_rate: z.string().describe('TRY per 1 USD, decimal string'),
  eur_rate: z.string().describe('TRY per 1 EUR, decimal string'),
  hero_title: z.string(),
  hero_text: z.string(),
  hero_image: z.string().describe('Image path `folder/file` under /uploads; empty: the hero has no image'),
  footer_text: z.string(),
  maintenance_image: z.string(),
  maintenance_text: z.string().describe('What the maintenance screen says to visitors'),
});
export type GlobalSetting = z.infer<typeof globalSettingSchema>;

export interface MenuNode {
  id: number;
  title: string;
  url: string;
  children: MenuNode[];
}
export const menuNodeSchema: z.ZodType<MenuNode> = z.object({
  id: z.number().int(),
  title: z.string(),
  url: z.string(),
  get children() {
    return z.array(menuNodeSchema);
  },
});

export const socialAccountSchema = z.object({
  id: z.number().int(),
  platform: z.string(),
  label: z.string(),
  url: z.string(),
});
export type SocialAccount = z.infer<typeof socialAccountSchema>;

/** `GET /api/front/home` (spec section 7): exactly these keys. */
export const homeDataSchema = z.object({
  menu: z.array(menuNodeSchema),
  global_setting: globalSettingSchema,
  social_accounts: z.array(socialAccountSchema),
});
export type HomeData = z.infer<typeof homeDataSchema>;

/** `GET /api/front/build`: the deployed client build. */
export const buildInfoSchema = z.object({ version: z.string() });
