import { type OrderWorld, openOrderWorld } from '@vitrin/core/orders/test-orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandError, runCommand } from './commands.ts';
import { createTestServices } from './test-support.ts';

let services: Awaited<ReturnType<typeof createTestServices>>;
let w: OrderWorld;
beforeAll(async () => {
  services = await createTestServices({ demo: false });
  w = await openOrderWorld({ database: services.database });
});
afterAll(async () => {
  await w.dispose();
  await services.dispose();
});

const run = (...args: string[]) => runCommand(services, args);
const failure = async (...args: string[]) => {
  const err = await run(...args).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CommandError);
  return err as CommandError;
};

describe('npm run vitrin -- order status', () => {
  it('moves an order through its states as the operator, shipping with cargo and tracking number', async () => {
    const { id, orderNo } = await w.placeOrder();
    expect(await run('order', 'status', orderNo, '1')).toBe(
      `${orderNo}: Sipariş Alındı → Hazırlanıyor. Müşteriye e-posta gönderildi.`,
    );
    expect(
      await run('order', 'status', orderNo, '2', '--cargo', 'Yurtiçi Kargo', '--tracking', 'YK-123'),
    ).toBe(
      `${orderNo}: Hazırlanıyor → Kargoya Verildi (kargo: Yurtiçi Kargo, takip no: YK-123). Müşteriye e-posta gönderildi.`,
    );
    expect(await w.order(id)).toMatchObject({
      status: 2,
      cargoCompany: 'Yurtiçi Kargo',
      trackingNo: 'YK-123',
    });
    expect((await w.history(id)).at(-1)).toMatchObject({ from: 1, to: 2, actor: 'operator' });
    const detail = await services.orders.detail(orderNo, { token: services.orders.accessToken(orderNo) });
    expect(detail.cargo).toEqual({ company: 'Yurtiçi Kargo', trackingNo: 'YK-123' });
  });

  it('refuses an unknown order, a bad state, a forbidden move and shipping without cargo, in Turkish', async () => {
    const { orderNo } = await w.placeOrder();
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
    const { id, orderNo } = await w.placeOrder({ paymentMethod: 'transfer' });
    await run('order', 'status', orderNo, '1'); // the transfer arrived: paid
    expect((await failure('order', 'refunded', orderNo)).code).toBe('IADE_BEKLEMIYOR');
    await run('order', 'status', orderNo, '6');
    expect(await w.order(id)).toMatchObject({ status: 6, paymentStatus: 'refund_pending' });
    expect(await run('order', 'refunded', orderNo)).toBe(`${orderNo}: ödeme iade edildi olarak kaydedildi.`);
    expect((await w.order(id)).paymentStatus).toBe('refunded');
    expect((await failure('order', 'refunded', 'YOKBOYLE9')).code).toBe('SIPARIS_BULUNAMADI');
  });

  it('lists the order command and the states in the usage text', async () => {
    const usage = await run('help');
    expect(usage).toContain('order status SİPARİŞ-NO DURUM');
    expect(usage).toContain('order refunded SİPARİŞ-NO');
    expect(usage).toContain('7 Ödeme Başarısız');
  });
});
