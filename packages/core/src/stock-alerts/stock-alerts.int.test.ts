import { rejection } from '@vitrin/testing/accounts';
import { type OpenTestShop, openTestShop } from '@vitrin/testing/shop';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailQueue, productVariants } from '../db/schema.ts';

let t: OpenTestShop;
beforeAll(async () => {
  t = await openTestShop();
});
afterAll(() => t.dispose());

const alerts = () => t.services.stockAlerts;
const mailsTo = (to: string) => t.db.select().from(mailQueue).where(eq(mailQueue.toAddress, to));
const setVariantStock = (id: number, stock: number) =>
  t.db.update(productVariants).set({ stock }).where(eq(productVariants.id, id));

/** The token of the last confirmation link mailed to `to`. */
async function confirmationTokenFor(to: string): Promise<string> {
  const mail = (await mailsTo(to)).filter((m) => m.kind === 'stock-alert-confirm').at(-1);
  const token = mail && /stok-bildirimi=([\w-]{43})/.exec(mail.bodyText)?.[1];
  if (!token) throw new Error(`no confirmation to ${to}`);
  return token;
}

describe('stock alerts (Gelince haber ver)', () => {
  it('mails a confirmed address once when the sold-out variant is back, never an unconfirmed one', async () => {
    const request = { productId: t.shop.pestemal, variantId: t.shop.variants.kirmizi, kvkk: true };
    await alerts().request({ ...request, email: 'Onayli@Example.com' });
    await alerts().request({ ...request, email: 'onaysiz@example.com' });

    const confirmation = (await mailsTo('onayli@example.com'))[0]!;
    expect(confirmation.subject).toBe('Gelince haber ver: Peştemal');
    expect(await alerts().confirm(await confirmationTokenFor('onayli@example.com'))).toEqual({
      slug: 'pestemal',
    });

    expect(await alerts().notifyRestocked()).toBe(0); // still sold out
    await setVariantStock(t.shop.variants.kirmizi, 3);
    expect(await alerts().notifyRestocked()).toBe(1);
    expect(await alerts().notifyRestocked()).toBe(0);

    const back = (await mailsTo('onayli@example.com')).filter((m) => m.kind === 'back-in-stock');
    expect(back).toHaveLength(1);
    expect(back[0]!.subject).toBe('Peştemal yeniden stokta');
    expect(back[0]!.bodyText).toContain('/product/pestemal');
    expect((await mailsTo('onaysiz@example.com')).map((m) => m.kind)).toEqual(['stock-alert-confirm']);
    await setVariantStock(t.shop.variants.kirmizi, 0);
  });

  it('needs the KVKK consent and a valid e-mail, in Turkish', async () => {
    const refused = await rejection(
      alerts().request({ productId: t.shop.pestemal, variantId: t.shop.variants.kirmizi, email: 'x' }),
    );
    expect(refused).toMatchObject({
      code: 'GECERSIZ_ISTEK',
      fields: {
        email: 'Geçerli bir e-posta adresi girin',
        kvkk: 'Size e-posta gönderebilmemiz için KVKK aydınlatma metnini onaylamanız gerekiyor',
      },
    });
  });

  it('refuses a product in stock (STOKTA_VAR), an unknown one, and a wrong link (ONAY_GECERSIZ)', async () => {
    const base = { email: 'a@example.com', kvkk: true };
    expect(await rejection(alerts().request({ ...base, productId: t.shop.kupa }))).toMatchObject({
      code: 'STOKTA_VAR',
    });
    expect(await rejection(alerts().request({ ...base, productId: 999_999 }))).toMatchObject({
      code: 'URUN_BULUNAMADI',
    });
    expect(await rejection(alerts().confirm('x'.repeat(43)))).toMatchObject({ code: 'ONAY_GECERSIZ' });
  });

  it('answers the same for a sold-out product without variants', async () => {
    await t.setStock(t.shop.kupa, 0);
    await alerts().request({ productId: t.shop.kupa, email: 'kupa@example.com', kvkk: true });
    await alerts().confirm(await confirmationTokenFor('kupa@example.com'));
    await t.setStock(t.shop.kupa, 10);
    expect(await alerts().notifyRestocked()).toBe(1);
  });

  it('mails one address at most five confirmation links an hour (COK_FAZLA_ISTEK)', async () => {
    const request = { productId: t.shop.pestemal, variantId: t.shop.variants.kirmizi, kvkk: true };
    const email = 'sel@example.com';
    // Every confirmation mail counts, for any product, even when a later request replaced its row.
    await t.setStock(t.shop.kupa, 0);
    for (let i = 0; i < 3; i++) await alerts().request({ ...request, email });
    for (let i = 0; i < 2; i++) await alerts().request({ productId: t.shop.kupa, email, kvkk: true });
    expect(await rejection(alerts().request({ productId: t.shop.kupa, email, kvkk: true }))).toMatchObject({
      code: 'COK_FAZLA_ISTEK',
    });
    await t.setStock(t.shop.kupa, 10);
  });
});
