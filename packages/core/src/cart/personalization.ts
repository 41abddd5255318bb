import type { CartPersonalizationInput } from '@vitrin/shared/api/cart';
import { STOCK_TYPE } from '@vitrin/shared/constants';
import type { CartPersonalization, products } from '../db/schema.ts';
import { personalizationInvalid } from './errors.ts';

/**
 * The only image paths a cart line may carry: what `POST /api/front/cart/uploads` hands out (a random name
 * under `personalization/`, one of the three checked image types). Anything else, e.g. a path to someone
 * else's file or outside the uploads, is refused.
 */
export const PERSONALIZATION_IMAGE_PATH = /^personalization\/[A-Za-z0-9_-]{22,64}\.(?:jpg|png|webp)$/;

type ProductRow = Pick<typeof products.$inferSelect, 'stockType' | 'personalization'>;

/**
 * Checks a shopper's personalization against the product's fields and returns it normalized (texts
 * trimmed, empty ones dropped), or null when there is nothing to keep. Refused: personalization for a
 * product that is not designable (stock type 3), unknown field keys, a required field left empty, text over
 * the field's maxLength, an image when the product takes none, an image path the upload endpoint did not make.
 */
export function checkPersonalization(
  product: ProductRow,
  input: CartPersonalizationInput | null | undefined,
): CartPersonalization | null {
  const given = input && (Object.keys(input.fields ?? {}).length > 0 || input.image !== undefined);
  if (product.stockType !== STOCK_TYPE.Designable) {
    if (given) {
      throw personalizationInvalid(
        { personalization: 'Bu ürün kişiselleştirilemez' },
        'Bu ürün kişiselleştirilemez; kişiselleştirme bilgisi gönderilmemeli.',
      );
    }
    return null;
  }
  const config = product.personalization ?? { fields: [], allowImage: false, surchargeMinor: 0 };
  const typed = input?.fields ?? {};
  const problems: Record<string, string> = {};
  const known = new Set(config.fields.map((f) => f.key));
  for (const key of Object.keys(typed)) {
    if (!known.has(key)) problems[`personalization.fields.${key}`] = 'Bu ürünün böyle bir alanı yok';
  }
  const fields: Record<string, string> = {};
  for (const field of config.fields) {
    const value = (typed[field.key] ?? '').trim();
    const where = `personalization.fields.${field.key}`;
    if (field.required && value === '') problems[where] = `${field.label} alanını doldurun`;
    else if ([...value].length > field.maxLength) {
      problems[where] = `${field.label} en fazla ${field.maxLength} karakter olabilir`;
    } else if (value !== '') fields[field.key] = value;
  }
  const image = input?.image;
  if (image !== undefined) {
    if (!config.allowImage) problems['personalization.image'] = 'Bu ürüne görsel eklenemez';
    else if (!PERSONALIZATION_IMAGE_PATH.test(image)) {
      problems['personalization.image'] = 'Görsel bulunamadı; lütfen görseli yeniden yükleyin';
    }
  }
  if (Object.keys(problems).length) throw personalizationInvalid(problems);
  if (Object.keys(fields).length === 0 && image === undefined) return null;
  return image === undefined ? { fields } : { fields, image };
}
