// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { checkForm, FORM_CHECK_CLASSES } from './form-check.ts';

function render(html: string): HTMLFormElement {
  document.body.innerHTML = `<form>${html}</form>`;
  return document.querySelector('form')!;
}

const byId = (id: string) => document.getElementById(id)!;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('checkForm', () => {
  it('returns true and marks fields valid when every required field has a value', () => {
    const form = render(`
      <input id="name" class="required" value="Ali">
      <select id="city" class="required"><option value="">Seçiniz</option><option value="34" selected>İstanbul</option></select>
      <textarea id="note" class="required">Merhaba</textarea>`);
    expect(checkForm(form)).toBe(true);
    for (const id of ['name', 'city', 'note']) {
      expect(byId(id).classList.contains('is-valid')).toBe(true);
      expect(byId(id).classList.contains('is-invalid')).toBe(false);
      expect(byId(id).hasAttribute('aria-invalid')).toBe(false);
    }
  });

  it('marks empty and blank fields invalid with aria-invalid and returns false', () => {
    const form = render(`
      <input id="name" class="required" value="   ">
      <select id="city" class="required"><option value="" selected>Seçiniz</option><option value="34">İstanbul</option></select>
      <textarea id="note" class="required"></textarea>
      <input id="mail" class="required" value="ali@example.com">`);
    expect(checkForm(form)).toBe(false);
    for (const id of ['name', 'city', 'note']) {
      expect(byId(id).classList.contains('is-invalid')).toBe(true);
      expect(byId(id).classList.contains('is-valid')).toBe(false);
      expect(byId(id).getAttribute('aria-invalid')).toBe('true');
    }
    expect(byId('mail').classList.contains('is-valid')).toBe(true);
  });

  it('focuses the first invalid field in document order', () => {
    const form = render(`
      <input id="a" class="required" value="ok">
      <input id="b" class="required" value="">
      <input id="c" class="required" value="">`);
    checkForm(form);
    expect(document.activeElement).toBe(byId('b'));
  });

  it('flips a previously invalid field to valid once it is filled', () => {
    const form = render('<input id="a" class="required" value="">');
    expect(checkForm(form)).toBe(false);
    (byId('a') as HTMLInputElement).value = 'dolu';
    expect(checkForm(form)).toBe(true);
    expect(byId('a').className.split(' ').sort()).toEqual(['is-valid', 'required']);
    expect(byId('a').hasAttribute('aria-invalid')).toBe(false);
  });

  it('ignores fields without the class and non-form elements with it', () => {
    const form = render(`
      <input id="free" value="">
      <div id="box" class="required"></div>
      <input id="a" class="required" value="x">`);
    expect(checkForm(form)).toBe(true);
    expect(byId('free').classList.contains('is-invalid')).toBe(false);
    expect(byId('box').classList.contains('is-invalid')).toBe(false);
    expect(byId('box').classList.contains('is-valid')).toBe(false);
  });

  it('uses a custom class name', () => {
    const form = render(`
      <input id="a" class="must" value="">
      <input id="b" class="required" value="">`);
    expect(checkForm(form, 'must')).toBe(false);
    expect(byId('a').classList.contains(FORM_CHECK_CLASSES.invalid)).toBe(true);
    expect(byId('b').classList.contains(FORM_CHECK_CLASSES.invalid)).toBe(false);
  });

  it('only checks fields inside the given root', () => {
    render(`
      <fieldset id="part"><input id="in" class="required" value="x"></fieldset>
      <input id="out" class="required" value="">`);
    expect(checkForm(byId('part'))).toBe(true);
    expect(byId('out').classList.contains('is-invalid')).toBe(false);
  });

  it('accepts the whole document as root', () => {
    render('<input id="a" class="required" value="">');
    expect(checkForm(document)).toBe(false);
  });

  it('returns true when there is nothing to check', () => {
    expect(checkForm(render('<input value="">'))).toBe(true);
  });

  it('rejects a blank class name', () => {
    expect(() => checkForm(render(''), ' ')).toThrow(TypeError);
  });
});
