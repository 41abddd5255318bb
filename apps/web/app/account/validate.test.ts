// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { validateForm } from './validate.ts';

const messages = {
  missing: 'Bu alanı doldurun',
  invalid: 'Bu alandaki değeri kontrol edin',
  invalidEmail: 'Geçerli bir e-posta adresi girin',
  tooShort: (min: number) => `En az ${min} karakter girin`,
};

function form(html: string): HTMLFormElement {
  document.body.innerHTML = `<form>${html}</form>`;
  return document.querySelector('form')!;
}

describe('validateForm (the spec form check, then the HTML constraints)', () => {
  it('marks blank required fields with the field’s own message and focuses the first one', () => {
    const f = form(`
      <input name="firstName" class="required" required data-missing="Adınızı girin" value="Ayşe">
      <input name="email" type="email" class="required" required data-missing="E-posta adresinizi girin">
      <input name="phone" class="required" required>
    `);
    expect(validateForm(f, messages)).toEqual({
      email: 'E-posta adresinizi girin',
      phone: 'Bu alanı doldurun',
    });
    const email = f.elements.namedItem('email') as HTMLInputElement;
    expect(document.activeElement).toBe(email);
    // The spec's generic check marks them too.
    expect(email.classList.contains('is-invalid')).toBe(true);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect((f.elements.namedItem('firstName') as HTMLInputElement).classList.contains('is-valid')).toBe(true);
  });

  it('catches an unticked required checkbox, which a value check cannot', () => {
    const f = form(`<input type="checkbox" name="kvkk" required data-missing="Onaylayın">`);
    expect(validateForm(f, messages)).toEqual({ kvkk: 'Onaylayın' });
  });

  it('reports a wrong format with the field’s message, or the generic one', () => {
    const f = form(`
      <input name="email" type="email" value="ayse">
      <input name="taxNumber" pattern="[0-9]{10}" value="123" data-invalid="Vergi kimlik numarası 10 haneli olmalı">
    `);
    expect(validateForm(f, messages)).toEqual({
      email: 'Geçerli bir e-posta adresi girin',
      taxNumber: 'Vergi kimlik numarası 10 haneli olmalı',
    });
  });

  it('passes a valid form and skips hidden and disabled controls', () => {
    const f = form(`
      <input type="hidden" name="intent" value="profile">
      <input name="x" required disabled>
      <input name="firstName" class="required" required value="Ayşe">
    `);
    expect(validateForm(f, messages)).toEqual({});
  });
});
