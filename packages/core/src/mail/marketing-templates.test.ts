import { describe, expect, it } from 'vitest';
import { cartReminderEmail, reviewRequestEmail } from './marketing-templates.ts';

const unsubscribeUrl = 'https://magaza.example.com/unsubscribe/Zx9_Qa-1b2C3';

describe('the cart reminder e-mail', () => {
  const mail = cartReminderEmail({
    shopName: 'Vitrin Atölye',
    firstName: 'Ayşe',
    lines: [
      {
        name: '<script>alert(1)</script> Kupa',
        imageUrl: 'https://magaza.example.com/uploads/urunler/kupa.jpg',
        quantity: 2,
        unitPriceMinor: 25_000,
      },
    ],
    restoreUrl: 'https://magaza.example.com/cart/restore/abc',
    unsubscribeUrl,
  });

  it('shows each line with its picture, quantity and price, product names as text only', () => {
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Kupa');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('src="https://magaza.example.com/uploads/urunler/kupa.jpg"');
    expect(mail.html).toContain('2 adet');
    expect(mail.html).toContain('₺250,00');
    expect(mail.text).toContain('<script>alert(1)</script> Kupa × 2: ₺250,00');
  });

  it('has the "Sepetinize dönün" button and the unsubscribe footer in both parts', () => {
    expect(mail.html).toContain('>Sepetinize dönün</a>');
    expect(mail.html).toContain(`href="${unsubscribeUrl}"`);
    expect(mail.html).toContain('E-posta listemizden çıkmak için tıklayın');
    expect(mail.text).toContain(`E-posta listemizden çıkmak için tıklayın: ${unsubscribeUrl}`);
  });

  it('refuses a link that is not a web address', () => {
    expect(() =>
      cartReminderEmail({
        shopName: 'Vitrin',
        firstName: '',
        lines: [],
        restoreUrl: 'javascript:alert(1)',
        unsubscribeUrl,
      }),
    ).toThrow('not a web address');
  });
});

describe('the review request e-mail', () => {
  it('lists each product with its review link and has the unsubscribe footer', () => {
    const mail = reviewRequestEmail({
      shopName: 'Vitrin Atölye',
      firstName: 'Ayşe',
      orderNo: 'VT-ABC123',
      products: [
        { name: 'Kupa & Tabak', reviewUrl: 'https://magaza.example.com/product/kupa/review' },
        { name: 'Peştemal', reviewUrl: 'https://magaza.example.com/product/pestemal/review' },
      ],
      unsubscribeUrl,
    });
    expect(mail.subject).toBe('VT-ABC123 numaralı siparişinizi değerlendirir misiniz?');
    expect(mail.html).toContain('Kupa &amp; Tabak');
    expect(mail.html).toContain('href="https://magaza.example.com/product/pestemal/review"');
    expect(mail.html).toContain('>Değerlendirmeye başlayın</a>');
    expect(mail.text).toContain('- Peştemal: https://magaza.example.com/product/pestemal/review');
    expect(mail.text).toContain(unsubscribeUrl);
  });
});
