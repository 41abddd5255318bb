import { describe, expect, it } from 'vitest';
import {
  dative,
  emailChangedEmail,
  escapeHtml,
  maskEmail,
  passwordResetEmail,
  welcomeEmail,
} from './templates.ts';

const resetUrl = 'https://vitrin.example/sifre-sifirla?token=Zx9_Qa-1b2C3&e=ayse%40example.com';

function reset(firstName = 'Ayşe') {
  return passwordResetEmail({ shopName: 'Vitrin Atölye', firstName, resetUrl, validMinutes: 60 });
}

describe('escapeHtml', () => {
  it('escapes the five characters that matter in content and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('dative', () => {
  it('follows Turkish vowel harmony with a buffer y after a vowel', () => {
    expect(dative('Vitrin Atölye')).toBe("Vitrin Atölye'ye");
    expect(dative('Kitapçı')).toBe("Kitapçı'ya");
    expect(dative('Moda Sepet')).toBe("Moda Sepet'e");
    expect(dative('Bahçe Pazar')).toBe("Bahçe Pazar'a");
    expect(dative('KIRTASİYE')).toBe("KIRTASİYE'ye");
  });

  it('gives up on names it cannot read', () => {
    expect(dative('Shop24')).toBeUndefined();
    expect(dative('XYZ')).toBeUndefined();
  });
});

describe('welcome e-mail', () => {
  const mail = welcomeEmail({
    shopName: 'Vitrin Atölye',
    firstName: 'Ayşe',
    shopUrl: 'https://vitrin.example/',
  });

  it('has a Turkish subject with the shop name', () => {
    expect(mail.subject).toBe("Vitrin Atölye'ye hoş geldiniz");
  });

  it('greets the customer and links the shop in both parts', () => {
    expect(mail.text).toContain('Merhaba Ayşe,');
    expect(mail.text).toContain('https://vitrin.example/');
    expect(mail.html).toContain('href="https://vitrin.example/"');
    expect(mail.html).toContain('<html lang="tr">');
  });

  it('words the subject without a suffix when the name cannot take one', () => {
    const other = welcomeEmail({ shopName: 'Shop24', firstName: 'Ayşe', shopUrl: 'https://vitrin.example/' });
    expect(other.subject).toBe('Hoş geldiniz – Shop24');
  });
});

describe('password reset e-mail', () => {
  it('has a Turkish subject', () => {
    expect(reset().subject).toBe('Şifre sıfırlama isteğiniz');
  });

  it('holds the reset link in both the html and the text part', () => {
    const mail = reset();
    expect(mail.text).toContain(resetUrl);
    expect(mail.html).toContain(`href="${escapeHtml(resetUrl)}"`);
  });

  it('says the link works once, for how long, and that an unasked mail can be ignored', () => {
    const { text, html } = reset();
    for (const part of [text, html]) {
      expect(part).toContain('yalnızca bir kez');
      expect(part).toContain('60 dakika');
      expect(part).toContain('Bu isteği siz yapmadıysanız');
    }
  });

  it('escapes a script in the first name in the html part', () => {
    const mail = reset('<script>alert(1)</script>');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Merhaba &lt;script&gt;alert(1)&lt;/script&gt;,');
  });

  it('greets without a name when the first name is empty', () => {
    expect(reset('  ').text.startsWith('Merhaba,\n')).toBe(true);
  });

  it('refuses a link that is not a web address', () => {
    expect(() =>
      passwordResetEmail({
        shopName: 'Vitrin Atölye',
        firstName: 'Ayşe',
        resetUrl: 'javascript:alert(1)',
        validMinutes: 60,
      }),
    ).toThrow();
  });
});

describe('e-mail changed notice', () => {
  const notice = (firstName = 'Ayşe') =>
    emailChangedEmail({
      shopName: 'Vitrin Atölye',
      firstName,
      newEmail: 'yeni.adres@posta.example',
      changedAt: '24 Kasım 2026 05:46',
      contactUrl: 'https://vitrin.example/contact',
    });

  it('says when the address changed, to what (masked), and how to reach the shop', () => {
    const { subject, text, html } = notice();
    expect(subject).toBe('Hesabınızın e-posta adresi değiştirildi');
    for (const part of [text, html]) {
      expect(part).toContain('24 Kasım 2026 05:46');
      expect(part).toContain('y***@posta.example');
      expect(part).not.toContain('yeni.adres');
      expect(part).toContain('https://vitrin.example/contact');
    }
  });

  it('escapes a script in the first name in the html part', () => {
    expect(notice('<script>x</script>').html).not.toContain('<script>x');
  });

  it('masks every address shape without giving the local part away', () => {
    expect(maskEmail('a@b.example')).toBe('a***@b.example');
    expect(maskEmail('ali.veli+etiket@posta.example')).toBe('a***@posta.example');
    expect(maskEmail('bozuk')).toBe('***');
  });
});
