import { describe, expect, it } from 'vitest';
import { reviewRejectedEmail } from './review-templates.ts';

const XSS = '<script>alert(1)</script>"><img src=x onerror=alert(1)>';

describe('review rejected e-mail', () => {
  const mail = reviewRejectedEmail({
    shopName: 'Vitrin Atölye',
    firstName: 'Ayşe',
    productName: `Lale Kupa ${XSS}`,
    reviewTitle: `Güzel ${XSS}`,
    reason: `Telefon numarası paylaşılmış.\n${XSS}`,
    productUrl: 'https://magaza.example.com/product/lale-kupa',
  });

  it('tells the writer, in Turkish, which review was not published and why, with the product link', () => {
    expect(mail.subject).toBe('Değerlendirmeniz yayımlanmadı');
    expect(mail.text).toContain('Merhaba Ayşe,');
    expect(mail.text).toContain('Telefon numarası paylaşılmış.');
    expect(mail.text).toContain('https://magaza.example.com/product/lale-kupa');
    expect(mail.html).toContain('href="https://magaza.example.com/product/lale-kupa"');
  });

  it('escapes what the customer and the moderator wrote in the html part', () => {
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;script&gt;');
  });

  it('refuses a link that is not a web address', () => {
    expect(() =>
      reviewRejectedEmail({
        shopName: 'Vitrin',
        firstName: 'Ayşe',
        productName: 'Kupa',
        reviewTitle: 'Güzel',
        reason: 'Uygunsuz',
        productUrl: 'javascript:alert(1)',
      }),
    ).toThrow();
  });
});
