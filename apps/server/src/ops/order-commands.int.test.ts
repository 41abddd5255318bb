import { mailQueue } from '@vitrin/core/db/schema';
import { enqueueMail } from '@vitrin/core/mail/queue';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { commandWorld } from '../../test/commands.ts';

const c = commandWorld();
const run = (...args: string[]) => c.run(...args);
const failure = (...args: string[]) => c.failure(...args);

describe('npm run vitrin -- order status', () => {
  it('moves an order through its states as the operator, shipping with cargo and tracking number', async () => {
    const { id, orderNo } = await c.w.placeOrder();
    expect(await run('order', 'status', orderNo, '1')).toBe(
      `${orderNo}: Sipariş Alındı → Hazırlanıyor. Müşteriye e-posta gönderildi.`,
    );
    expect(
      await run('order', 'status', orderNo, '2', '--cargo', 'Yurtiçi Kargo', '--tracking', 'YK-123'),
    ).toBe(
      `${orderNo}: Hazırlanıyor → Kargoya Verildi (kargo: Yurtiçi Kargo, takip no: YK123). Müşteriye e-posta gönderildi.`,
    );
    expect(await c.w.order(id)).toMatchObject({
      status: 2,
      cargoCompany: 'Yurtiçi Kargo',
      trackingNo: 'YK123',
    });
    expect((await c.w.history(id)).at(-1)).toMatchObject({ from: 1, to: 2, actor: 'operator' });
    const detail = await c.services.orders.detail(orderNo, { token: c.services.orders.accessToken(orderNo) });
    expect(detail.cargo).toEqual({
      company: 'Yurtiçi Kargo',
      trackingNo: 'YK123',
      trackingUrl: 'https://www.yurticikargo.com/tr/online-servisler/gonderi-sorgula?code=YK123',
    });
  });

  it('refuses an unknown order, a bad state, a forbidden move and shipping without cargo, in Turkish', async () => {
    const { orderNo } = await c.w.placeOrder();
    const unknown = await failure('order', 'status', 'YOKBOYLE9', '1');
    expect(unknown).toMatchObject({ code: 'SIPARIS_BULUNAMADI', message: 'Sipariş bulunamadı.' });
    const badState = await failure('order', 'status', orderNo, 'kargoda');
    expect(badState.code).toBe('GECERSIZ_DURUM');
    expect(badState.message).toContain('3 (Kargoda)');
    const forbidden = await failure('order', 'status', orderNo, '4');
    expect(forbidden).toMatchObject({
      code: 'GECERSIZ_DURUM_GECISI',
      message: 'Sipariş "Sipariş Alındı" durumundan "Teslim Edildi" durumuna geçirilemez.',
    });
    await run('order', 'status', orderNo, '1');
    const noCargo = await failure('order', 'status', orderNo, '2', '--cargo', 'Aras');
    expect(noCargo.code).toBe('KARGO_BILGISI_GEREKLI');
    expect((await failure('order', 'status', orderNo, '2', '--kargo', 'Aras')).code).toBe('KOMUT_GECERSIZ');
    expect((await failure('order', 'status', orderNo)).code).toBe('KOMUT_GECERSIZ');
  });

  it('records the refund of a cancelled Havale / EFT order the shop sent back, once', async () => {
    const { id, orderNo } = await c.w.placeOrder({ paymentMethod: 'transfer' });
    await run('order', 'status', orderNo, '1'); // the transfer arrived: paid
    expect((await failure('order', 'refunded', orderNo)).code).toBe('IADE_BEKLEMIYOR');
    await run('order', 'status', orderNo, '6');
    expect(await c.w.order(id)).toMatchObject({ status: 6, paymentStatus: 'refund_pending' });
    expect(await run('order', 'refunded', orderNo)).toBe(`${orderNo}: ödeme iade edildi olarak kaydedildi.`);
    expect((await c.w.order(id)).paymentStatus).toBe('refunded');
    expect((await failure('order', 'refunded', 'YOKBOYLE9')).code).toBe('SIPARIS_BULUNAMADI');
  });

  it('lists the order command and the states in the usage text', async () => {
    const usage = await run('help');
    expect(usage).toContain('order status SİPARİŞ-NO DURUM');
    expect(usage).toContain('order refunded SİPARİŞ-NO');
    expect(usage).toContain('7 Ödeme Başarısız');
  });
});

describe('npm run vitrin -- order list | show', () => {
  it('lists the newest orders, of one state with --status, and shows one with lines, totals and addresses', async () => {
    const cod = await c.w.placeOrder({ paymentMethod: 'cod', email: 'liste@example.com', withCoupon: true });
    const shipped = await c.w.placeOrder({ email: 'kargolu@example.com' });
    await run('order', 'status', shipped.orderNo, '1');

    const all = (await run('order', 'list')).split('\n');
    expect(all[0]).toContain(shipped.orderNo);
    const codLine = all.find((l) => l.startsWith(cod.orderNo));
    expect(codLine).toContain('Sipariş Alındı');
    expect(codLine).toContain('₺180,00');
    expect(codLine).toContain('Kapıda Ödeme – Teslimatta ödenecek');
    expect(codLine).toContain('Ayşe Yılmaz <liste@example.com>');

    const preparing = await run('order', 'list', '--status', '1');
    expect(preparing).toContain(shipped.orderNo);
    expect(preparing).not.toContain(cod.orderNo);
    expect(await run('order', 'list', '--status', '5')).toBe('Bu durumda sipariş yok.');
    expect((await failure('order', 'list', '--status', 'kargoda')).code).toBe('GECERSIZ_DURUM');

    const shown = await run('order', 'show', cod.orderNo);
    expect(shown).toContain(`${cod.orderNo} · Sipariş Alındı`);
    expect(shown).toContain('Müşteri: Ayşe Yılmaz <liste@example.com>');
    expect(shown).toContain('Ödeme: Kapıda Ödeme – Teslimatta ödenecek');
    expect(shown).toContain('× 2: ₺200,00');
    expect(shown).toContain('İndirim (INDIRIM10): -₺20,00');
    expect(shown).toContain('Genel toplam: ₺180,00');
    expect(shown).toContain('Fatura adresi: Ayşe Yılmaz');
    expect((await failure('order', 'show', 'YOKBOYLE9')).code).toBe('SIPARIS_BULUNAMADI');
  });
});

describe('npm run vitrin -- mail list | retry', () => {
  it('lists the queue, the failed mails with their last error, and sends a failed one again on retry', async () => {
    const { db } = c.services.database;
    const id = await enqueueMail(db, {
      kind: 'order-confirmation',
      to: 'kuyruk@example.com',
      subject: 'Siparişiniz alındı – VT-KUYRUK',
      html: '<p>x</p>',
      text: 'x',
    });
    // As the queue leaves a mail after its last attempt.
    await db
      .update(mailQueue)
      .set({ status: 'failed', attempts: 9, lastError: 'ECONNECTION connect ECONNREFUSED' })
      .where(eq(mailQueue.id, id));

    const failed = await run('mail', 'list', '--failed');
    expect(failed).toContain('Gönderilemedi');
    expect(failed).toContain(
      'order-confirmation  kuyruk@example.com  "Siparişiniz alındı – VT-KUYRUK"  (9 deneme)',
    );
    expect(failed).toContain('son hata: ECONNECTION connect ECONNREFUSED');

    expect(await run('mail', 'retry', String(id))).toBe(`${id}: e-posta gönderildi (kuyruk@example.com).`);
    expect(await run('mail', 'list')).toMatch(new RegExp(`${id}  Gönderildi .*kuyruk@example.com`));
    expect(await run('mail', 'list', '--failed')).not.toContain('kuyruk@example.com');
    expect((await failure('mail', 'retry', '99999999')).code).toBe('EPOSTA_BULUNAMADI');
    expect((await failure('mail', 'retry', 'abc')).code).toBe('EPOSTA_BULUNAMADI');
    expect((await failure('mail', 'list', '--hepsi')).code).toBe('KOMUT_GECERSIZ');
  });
});
