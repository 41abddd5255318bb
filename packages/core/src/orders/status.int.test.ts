import { ORDER_STATES, type OrderState } from '@vitrin/shared/order-states';
import { type OrderWorld, openOrderWorld, rejection } from '@vitrin/testing/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let w: OrderWorld;
beforeAll(async () => {
  w = await openOrderWorld();
});
afterAll(() => w.dispose());

const cargo = { cargoCompany: 'Yurtiçi Kargo', trackingNo: 'YK-778899' };
const operator = { actor: 'operator' as const, ...cargo };

/** Walks a fresh transfer order along `path` (operator changes), checking each history row. */
async function walk(path: OrderState[]) {
  const { id } = await w.placeOrder();
  let from: OrderState = 0;
  for (const to of path) {
    const changed = await w.services.orders.changeStatus(id, to, operator);
    expect(changed).toMatchObject({ from, to });
    from = to;
  }
  return id;
}

describe('changeStatus', () => {
  it('makes every operator move of the table and writes one history row each', async () => {
    const id = await walk([1, 2, 5, 2, 3, 5, 6]);
    expect((await w.history(id)).map((h) => [h.from, h.to, h.actor])).toEqual([
      [null, 0, 'customer'],
      [0, 1, 'operator'],
      [1, 2, 'operator'],
      [2, 5, 'operator'],
      [5, 2, 'operator'],
      [2, 3, 'operator'],
      [3, 5, 'operator'],
      [5, 6, 'operator'],
    ]);
    const delivered = await walk([1, 2, 3, 4]);
    expect((await w.order(delivered)).status).toBe(4);
    const cancelledEarly = await walk([6]);
    expect((await w.order(cancelledEarly)).status).toBe(6);
    const cancelledPreparing = await walk([1, 6]);
    expect((await w.order(cancelledPreparing)).status).toBe(6);
  });

  it('records the cargo company and the tracking number without the separators typed in it when shipping', async () => {
    const id = await walk([1, 2]);
    expect(await w.order(id)).toMatchObject({ cargoCompany: 'Yurtiçi Kargo', trackingNo: 'YK778899' });
  });

  it('refuses moves outside the table with GECERSIZ_DURUM_GECISI naming both states, changing nothing', async () => {
    const samples: Array<[OrderState[], OrderState]> = [
      [[], 2],
      [[], 4],
      [[1], 0],
      [[1, 2], 6],
      [[1, 2, 3, 4], 6],
      [[6], 0],
      [[1, 2, 3], 2],
    ];
    for (const [path, to] of samples) {
      const id = await walk(path);
      const from = path.at(-1) ?? 0;
      const err = await rejection(w.services.orders.changeStatus(id, to, operator));
      expect(err.code, `${from}→${to}`).toBe('GECERSIZ_DURUM_GECISI');
      expect(err.message).toContain(ORDER_STATES[from].label);
      expect(err.message).toContain(ORDER_STATES[to].label);
      expect((await w.order(id)).status).toBe(from);
      expect(await w.history(id)).toHaveLength(path.length + 1);
    }
  });

  it('refuses an unknown order with SIPARIS_BULUNAMADI and a state outside 0-7', async () => {
    expect((await rejection(w.services.orders.changeStatus('YOK123', 1, operator))).code).toBe(
      'SIPARIS_BULUNAMADI',
    );
    const { orderNo } = await w.placeOrder();
    expect((await rejection(w.services.orders.changeStatus(orderNo, 9, operator))).code).toBe(
      'GECERSIZ_ISTEK',
    );
  });

  it('needs cargo details to ship (KARGO_BILGISI_GEREKLI)', async () => {
    const id = await walk([1]);
    const err = await rejection(w.services.orders.changeStatus(id, 2, { actor: 'operator' }));
    expect(err.code).toBe('KARGO_BILGISI_GEREKLI');
    expect((await w.order(id)).status).toBe(1);
  });

  it('marks a transfer order paid when it moves to Hazırlanıyor, and keeps an unpaid card order waiting', async () => {
    const id = await walk([1]);
    expect((await w.order(id)).paymentStatus).toBe('paid');
    const card = await w.placeOrder({ paymentMethod: 'card' });
    expect((await rejection(w.services.orders.changeStatus(card.id, 1, operator))).code).toBe(
      'ODEME_BEKLENIYOR',
    );
  });
});

describe('cancelling', () => {
  it('gives back the stock of every line and the coupon use', async () => {
    const before = { stock: await w.stock(), coupon: await w.coupon() };
    const { id } = await w.placeOrder({
      withCoupon: true,
      lines: [
        { kind: 'single', quantity: 3 },
        { kind: 'variant', quantity: 2 },
        { kind: 'virtual', quantity: 1 },
      ],
    });
    expect(await w.stock()).toEqual({ single: before.stock.single! - 3, variant: before.stock.variant! - 2 });
    expect(await w.coupon()).toEqual({
      usedCount: before.coupon.usedCount + 1,
      uses: before.coupon.uses + 1,
    });

    await w.services.orders.changeStatus(id, 6, { actor: 'operator', note: 'Müşteri aradı' });
    expect(await w.stock()).toEqual(before.stock);
    expect(await w.coupon()).toEqual(before.coupon);
    expect((await w.history(id)).at(-1)).toEqual({
      from: 0,
      to: 6,
      actor: 'operator',
      note: 'Müşteri aradı',
    });
  });

  it('lets exactly one of a concurrent cancel and ship win; the loser gets SIPARIS_DURUMU_DEGISTI', async () => {
    for (let round = 0; round < 5; round++) {
      const before = await w.stock();
      const id = await walk([1]);
      const results = await Promise.allSettled([
        w.services.orders.changeStatus(id, 6, { actor: 'customer' }),
        w.services.orders.changeStatus(id, 2, operator),
      ]);
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r) => r.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(['SIPARIS_DURUMU_DEGISTI', 'GECERSIZ_DURUM_GECISI']).toContain(
        ((lost[0] as PromiseRejectedResult).reason as { code: string }).code,
      );
      const order = await w.order(id);
      expect([2, 6]).toContain(order.status);
      expect(await w.history(id)).toHaveLength(3);
      // Stock came back only if the cancel won.
      expect((await w.stock()).single).toBe(order.status === 6 ? before.single : before.single! - 2);
      if (order.status === 2)
        await w.services.orders
          .changeStatus(id, 5, operator)
          .then(() => w.services.orders.changeStatus(id, 6, operator));
    }
  });

  it('gives the stock back only once across two concurrent cancels', async () => {
    const before = await w.stock();
    const { id } = await w.placeOrder({ lines: [{ kind: 'single', quantity: 4 }] });
    const results = await Promise.allSettled([
      w.services.orders.changeStatus(id, 6, { actor: 'customer' }),
      w.services.orders.changeStatus(id, 6, { actor: 'operator' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await w.stock()).toEqual(before);
  });
});

describe('expiry of unpaid card orders', () => {
  it('moves overdue unpaid card orders to Ödeme Başarısız as the system, releasing stock and coupon', async () => {
    const before = { stock: await w.stock(), coupon: await w.coupon() };
    const overdue = await w.placeOrder({ paymentMethod: 'card', dueInMinutes: -1, withCoupon: true });
    const notYet = await w.placeOrder({ paymentMethod: 'card', dueInMinutes: 20 });
    const transfer = await w.placeOrder({ paymentMethod: 'transfer' });

    expect(await w.services.orders.expireUnpaid()).toBe(1);
    expect(await w.order(overdue.id)).toMatchObject({ status: 7, paymentStatus: 'failed' });
    expect((await w.history(overdue.id)).at(-1)).toMatchObject({ from: 0, to: 7, actor: 'system' });
    expect((await w.order(notYet.id)).status).toBe(0);
    expect((await w.order(transfer.id)).status).toBe(0);
    expect((await w.stock()).single).toBe(before.stock.single! - 4);
    expect(await w.coupon()).toEqual(before.coupon);
    expect(await w.services.orders.expireUnpaid()).toBe(0);
  });
});
