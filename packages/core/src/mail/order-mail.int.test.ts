import { ayse } from '@vitrin/testing/accounts';
import { type OrderWorld, openOrderWorld, SHOP_URL } from '@vitrin/testing/orders';
import { smtpMailer, startSmtp } from '@vitrin/testing/smtp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let w: OrderWorld;
beforeAll(async () => {
  smtp = await startSmtp();
  w = await openOrderWorld({ mailer: smtpMailer(smtp.url) });
  await w.services.orders.ready();
});
afterAll(async () => {
  await w.dispose();
  await smtp.close();
});

describe('order e-mails through a real SMTP server', () => {
  it('sends a guest the confirmation with lines, totals, VAT, bank accounts and the signed link', async () => {
    const { id, orderNo } = await w.placeOrder({
      email: 'misafir@example.com',
      paymentMethod: 'transfer',
      withCoupon: true,
    });
    await w.services.orders.afterPlaced(id);
    await w.drain();
    const [mail] = smtp.mailsTo('misafir@example.com');
    expect(mail).toBeDefined();
    expect(mail).toContain(`Siparişiniz alındı – ${orderNo}`);
    expect(mail).toContain('Merhaba Ayşe,');
    expect(mail).toContain('Kupa × 2: ₺200,00');
    expect(mail).toContain('İndirim (INDIRIM10): -₺20,00');
    expect(mail).toContain('Genel toplam: ₺180,00');
    expect(mail).toContain('Toplama dahil KDV (%20): ₺30,00');
    expect(mail).toContain('Ödeme yöntemi: Havale / EFT');
    expect(mail).toContain('IBAN: TR330006100519786457841326');
    expect(mail).toContain(
      `${SHOP_URL}/order-success?order=${orderNo}&token=${w.services.orders.accessToken(orderNo)}`,
    );
    expect(mail).toContain('<html lang="tr">');
  });

  it('links a customer to the order in their panel', async () => {
    const { customer } = await w.services.customers.register({
      ...ayse,
      firstName: 'Mehmet',
      lastName: 'Kaya',
      email: 'mehmet@example.com',
      phone: '0532 765 43 21',
    });
    const { id, orderNo } = await w.placeOrder({
      email: 'mehmet@example.com',
      customerId: customer.id,
      paymentMethod: 'cod',
    });
    await w.services.orders.afterPlaced(id);
    await w.drain();
    const mail = smtp.mailsTo('mehmet@example.com').find((m) => m.includes('Siparişiniz alındı'));
    expect(mail).toContain(`${SHOP_URL}/panel/orders/${orderNo}`);
    expect(mail).not.toContain('token=');
    expect(mail).toContain('Ödeme yöntemi: Kapıda Ödeme');
  });

  it("tells the shopper about every state change, with cargo company, tracking number and the carrier's link when shipped", async () => {
    const { id, orderNo } = await w.placeOrder({ email: 'kargo@example.com' });
    await w.services.orders.changeStatus(id, 1, { actor: 'operator' });
    await w.services.orders.changeStatus(id, 2, {
      actor: 'operator',
      cargoCompany: 'Aras Kargo',
      trackingNo: ' ar 5566-77 ',
    });
    await w.drain();
    // Each mail goes on its own connection: they may arrive in either order.
    const mails = smtp.mailsTo('kargo@example.com');
    expect(mails).toHaveLength(2);
    expect(mails.filter((m) => m.includes(`Siparişiniz: Hazırlanıyor – ${orderNo}`))).toHaveLength(1);
    const shipped = mails.find((m) => m.includes(`Siparişiniz: Kargoya Verildi – ${orderNo}`));
    expect(shipped).toContain('Kargo firması: Aras Kargo');
    // Typed with spaces and a dash, saved and linked as the carrier reads it.
    expect(shipped).toContain('Takip numarası: AR556677');
    const link = 'https://kargotakip.araskargo.com.tr/mainpage.aspx?code=AR556677';
    expect(shipped).toContain(`Kargonuzu kargo firmasının sayfasından takip edebilirsiniz: ${link}`);
    expect(shipped).toMatch(
      new RegExp(`<a href="${link.replace(/[.?]/g, '\\$&')}"[^>]*>Kargomu takip et</a>`),
    );
  });
});
