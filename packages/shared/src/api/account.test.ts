import { describe, expect, it } from 'vitest';
import type { z } from '../zod.ts';
import {
  addressInput,
  consentInput,
  deleteAccountInput,
  emailChangeInput,
  forgotInput,
  loginInput,
  passwordChangeInput,
  profileInput,
  registerInput,
  resetInput,
} from './account.ts';

/** The Turkish message per field, as the HTTP layer reports them. */
function fieldErrors(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  return fields;
}

const registration = {
  firstName: ' Ayşe ',
  lastName: 'Yılmaz',
  email: '  Ayse.Yilmaz@Example.COM ',
  phone: '0532 123 45 67',
  password: 'gizli-şifre-1',
  kvkk: true,
};

const address = {
  title: 'Ev',
  firstName: 'Ayşe',
  lastName: 'Yılmaz',
  phone: '0532 123 45 67',
  provinceCode: '34',
  district: 'kadıköy',
  line: 'Caferağa Mah. Moda Cad. No: 1 D: 2',
  postcode: '34710',
  billingType: 'individual',
  tcKimlikNo: '100 000 001 46',
};

describe('registerInput', () => {
  it('trims names, lowercases the e-mail and stores the phone in E.164', () => {
    expect(registerInput.parse(registration)).toEqual({
      firstName: 'Ayşe',
      lastName: 'Yılmaz',
      email: 'ayse.yilmaz@example.com',
      phone: '+905321234567',
      password: 'gizli-şifre-1',
      kvkk: true,
      marketingConsent: false,
    });
  });

  it('gives the same output when its output is parsed again', () => {
    const once = registerInput.parse(registration);
    expect(registerInput.parse(once)).toEqual(once);
  });

  it('accepts checkboxes as an HTML form sends them', () => {
    const parsed = registerInput.parse({ ...registration, kvkk: 'on', marketingConsent: 'on' });
    expect(parsed.kvkk).toBe(true);
    expect(parsed.marketingConsent).toBe(true);
  });

  it('names every wrong field with a Turkish message at once', () => {
    expect(fieldErrors(registerInput, {})).toEqual({
      firstName: 'Adınızı girin',
      lastName: 'Soyadınızı girin',
      email: 'E-posta adresinizi girin',
      phone: 'Cep telefonu numaranızı girin',
      password: 'Bir şifre belirleyin',
      kvkk: 'KVKK aydınlatma metnini onaylamanız gerekiyor',
    });
  });

  it('rejects a malformed e-mail address', () => {
    expect(fieldErrors(registerInput, { ...registration, email: 'ayse@' })).toEqual({
      email: 'Geçerli bir e-posta adresi girin',
    });
  });

  it('rejects a landline or a short number', () => {
    for (const phone of ['0212 123 45 67', '0532 123 45', 'telefon']) {
      expect(fieldErrors(registerInput, { ...registration, phone })).toEqual({
        phone: 'Telefon numarası 05XX XXX XX XX biçiminde olmalı',
      });
    }
  });

  it('rejects a password shorter than 8 or longer than 128 characters', () => {
    expect(fieldErrors(registerInput, { ...registration, password: '1234567' })).toEqual({
      password: 'Şifre en az 8 karakter olmalı',
    });
    expect(fieldErrors(registerInput, { ...registration, password: 'x'.repeat(129) })).toEqual({
      password: 'Şifre en fazla 128 karakter olabilir',
    });
  });

  it('requires the KVKK acknowledgement to be ticked', () => {
    for (const kvkk of [false, undefined, '', 'false']) {
      expect(fieldErrors(registerInput, { ...registration, kvkk })).toEqual({
        kvkk: 'KVKK aydınlatma metnini onaylamanız gerekiyor',
      });
    }
  });
});

describe('account forms', () => {
  it('login keeps "Beni hatırla" off unless ticked and asks for both fields', () => {
    expect(loginInput.parse({ email: 'A@B.CO', password: 'x' })).toEqual({
      email: 'a@b.co',
      password: 'x',
      rememberMe: false,
    });
    expect(fieldErrors(loginInput, {})).toEqual({
      email: 'E-posta adresinizi girin',
      password: 'Şifrenizi girin',
    });
  });

  it('forgot asks for a valid e-mail address', () => {
    expect(fieldErrors(forgotInput, { email: 'yok' })).toEqual({ email: 'Geçerli bir e-posta adresi girin' });
  });

  it('reset asks for the token and a new password of at least 8 characters', () => {
    expect(fieldErrors(resetInput, { password: 'kısa' })).toEqual({
      token: 'Şifre sıfırlama bağlantısı geçersiz; lütfen yeni bir bağlantı isteyin',
      password: 'Şifre en az 8 karakter olmalı',
    });
  });

  it('profile checks names and phone like registration', () => {
    expect(fieldErrors(profileInput, { firstName: '', lastName: 'Y', phone: '123' })).toEqual({
      firstName: 'Adınızı girin',
      phone: 'Telefon numarası 05XX XXX XX XX biçiminde olmalı',
    });
  });

  it('e-mail change, password change and deletion ask for the password', () => {
    expect(fieldErrors(emailChangeInput, { email: 'yeni@example.com' })).toEqual({
      password: 'E-posta adresinizi değiştirmek için şifrenizi girin',
    });
    expect(fieldErrors(passwordChangeInput, { newPassword: 'yeni-şifre-123' })).toEqual({
      currentPassword: 'Mevcut şifrenizi girin',
    });
    expect(fieldErrors(deleteAccountInput, {})).toEqual({
      password: 'Hesabınızı silmek için şifrenizi girin',
    });
  });

  it('password change wants a new password different from the current one', () => {
    expect(
      fieldErrors(passwordChangeInput, { currentPassword: 'aynı-şifre-1', newPassword: 'aynı-şifre-1' }),
    ).toEqual({ newPassword: 'Yeni şifre mevcut şifrenizden farklı olmalı' });
  });

  it('consent takes a checkbox', () => {
    expect(consentInput.parse({ marketingConsent: 'on' })).toEqual({ marketingConsent: true });
    expect(consentInput.parse({})).toEqual({ marketingConsent: false });
    expect(fieldErrors(consentInput, { marketingConsent: 'belki' })).toEqual({
      marketingConsent: 'Ticari ileti izni evet ya da hayır olmalı',
    });
  });
});

describe('addressInput', () => {
  it('stores the district with its official spelling and drops the other billing type’s fields', () => {
    const parsed = addressInput.parse({ ...address, companyName: 'Leftover Ltd.' });
    expect(parsed).toMatchObject({
      provinceCode: 34,
      district: 'Kadıköy',
      phone: '+905321234567',
      postcode: '34710',
      tcKimlikNo: '10000000146',
      companyName: null,
      taxNumber: null,
      taxOffice: null,
      isDefaultShipping: false,
      isDefaultBilling: false,
    });
    expect(addressInput.parse(parsed)).toEqual(parsed);
  });

  it('rejects a district of another province', () => {
    expect(fieldErrors(addressInput, { ...address, provinceCode: 6, postcode: undefined })).toEqual({
      district: 'Seçtiğiniz ilçe bu ile ait değil',
    });
  });

  it('rejects an unknown province', () => {
    expect(fieldErrors(addressInput, { ...address, provinceCode: 82 })).toEqual({ provinceCode: 'İl seçin' });
  });

  it('wants a 5-digit postcode that starts with the province code, or none', () => {
    expect(fieldErrors(addressInput, { ...address, postcode: '3471' })).toEqual({
      postcode: 'Posta kodu 5 haneli olmalı',
    });
    expect(fieldErrors(addressInput, { ...address, postcode: '06100' })).toEqual({
      postcode: 'Posta kodu seçtiğiniz ilin koduyla başlamalı (ör. İstanbul için 34…)',
    });
    expect(addressInput.parse({ ...address, postcode: '' }).postcode).toBeNull();
  });

  it('rejects a T.C. kimlik no with a wrong checksum, or none, for an individual', () => {
    expect(fieldErrors(addressInput, { ...address, tcKimlikNo: '10000000147' })).toEqual({
      tcKimlikNo: 'Geçerli bir T.C. kimlik numarası girin',
    });
    expect(fieldErrors(addressInput, { ...address, tcKimlikNo: '' })).toEqual({
      tcKimlikNo: 'Geçerli bir T.C. kimlik numarası girin',
    });
  });

  it('wants company name, a valid VKN and tax office for a company', () => {
    const corporate = { ...address, billingType: 'corporate', tcKimlikNo: undefined };
    expect(fieldErrors(addressInput, { ...corporate, taxNumber: '4540536921' })).toEqual({
      companyName: 'Firma adını girin',
      taxNumber: 'Geçerli bir vergi kimlik numarası (VKN) girin',
      taxOffice: 'Vergi dairesini girin',
    });
    expect(
      addressInput.parse({
        ...corporate,
        companyName: 'Moda Seramik Ltd. Şti.',
        taxNumber: '454 053 6920',
        taxOffice: 'Kadıköy',
      }),
    ).toMatchObject({ billingType: 'corporate', taxNumber: '4540536920', tcKimlikNo: null });
  });

  it('reports field errors and cross-field errors together', () => {
    expect(fieldErrors(addressInput, { ...address, title: '', district: 'Çankaya' })).toEqual({
      title: 'Adrese bir başlık verin (ör. Ev, İş)',
      district: 'Seçtiğiniz ilçe bu ile ait değil',
    });
  });

  it('answers a body that is not an object without throwing', () => {
    expect(addressInput.safeParse(null).success).toBe(false);
    expect(addressInput.safeParse('adres').success).toBe(false);
  });
});
