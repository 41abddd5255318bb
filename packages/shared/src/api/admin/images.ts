import { z } from '../../zod.ts';

/**
 * The panel's image upload (`POST /api/admin/images`): several files in one multipart request, each checked
 * by its content and stored as a normalized copy (orientation applied, EXIF and GPS dropped, WebP).
 */
export const ADMIN_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Files per request, and images per product (the product form holds at most this many). */
export const ADMIN_IMAGE_MAX_FILES = 20;
export const ADMIN_IMAGE_MIN_SIDE = 300;
export const ADMIN_IMAGE_MAX_SIDE = 8000;
/** The stored copy's longer side at most (an image is never enlarged). */
export const ADMIN_IMAGE_STORED_SIDE = 2400;

/** What an image is for: its folder under /uploads (and who may upload it: catalog.write, content.write). */
export const ADMIN_IMAGE_PURPOSES = ['product', 'post'] as const;
export type AdminImagePurpose = (typeof ADMIN_IMAGE_PURPOSES)[number];

export const adminImageQuery = z.object({
  purpose: z
    .enum(ADMIN_IMAGE_PURPOSES, { error: 'Amaç product ya da post olmalı' })
    .default('product')
    .describe('product (catalog.write; folder products/) or post (content.write; folder posts/)'),
});

export const adminImageAnswer = z.object({
  images: z.array(
    z.object({
      path: z.string().describe('`folder/file` under /uploads, as product and post forms take it'),
      name: z.string().describe('The uploaded file’s name'),
      width: z.number().int(),
      height: z.number().int(),
      bytes: z.number().int().describe('Size of the stored copy'),
    }),
  ),
});
export type AdminImageAnswer = z.infer<typeof adminImageAnswer>;
