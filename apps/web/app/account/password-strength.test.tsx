// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { PasswordStrength, passwordStrength } from './password-strength.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('passwordStrength', () => {
  it('asks for the minimum length first', () => {
    expect(passwordStrength('', 8).level).toBe('empty');
    expect(passwordStrength('Kedi12!', 8)).toEqual({ level: 'tooShort', length: 7 });
  });

  it('counts characters, not UTF-16 units (Turkish letters and emoji are one each)', () => {
    expect(passwordStrength('ığüşöçİĞ', 8).level).not.toBe('tooShort');
    expect(passwordStrength('😀😀😀😀😀😀😀', 8).level).toBe('tooShort');
  });

  it('rates repeats, sequences and common words as weak whatever their length', () => {
    expect(passwordStrength('aaaaaaaaaaaa', 8).level).toBe('weak');
    expect(passwordStrength('12345678', 8).level).toBe('weak');
    expect(passwordStrength('qwertyuiop', 8).level).toBe('weak');
    expect(passwordStrength('Galatasaray1905', 8).level).toBe('weak');
  });

  it('rises with variety and length', () => {
    expect(passwordStrength('kedimavi', 8).level).toBe('weak');
    expect(passwordStrength('Kedimavi7', 8).level).toBe('fair');
    expect(passwordStrength('Kedimavi7!', 8).level).toBe('good');
    expect(passwordStrength('Kedi-Mavi-Deniz-7', 8).level).toBe('strong');
  });
});

describe('<PasswordStrength>', () => {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  afterEach(() => act(() => root.render(null)));

  const render = (value: string) =>
    act(() => root.render(<PasswordStrength id="pw" value={value} min={8} />));
  const text = () => host.querySelector('[aria-live="polite"]')?.textContent;
  const filled = () => host.querySelectorAll('[aria-hidden="true"] span:not(.bg-sand-200)').length;

  it('states the minimum before anything is typed', async () => {
    await render('');
    expect(text()).toBe('Şifreniz en az 8 karakter olmalı.');
    expect(filled()).toBe(0);
  });

  it('updates as the password is typed, politely announced', async () => {
    await render('abc');
    expect(text()).toBe('Şifreniz en az 8 karakter olmalı (3/8).');
    await render('kedimavi');
    expect(text()).toMatch(/^Şifre gücü: Zayıf\./);
    expect(filled()).toBe(1);
    await render('Kedimavi7!');
    expect(text()).toMatch(/^Şifre gücü: İyi\./);
    expect(filled()).toBe(3);
    await render('Kedi-Mavi-Deniz-7');
    expect(text()).toBe('Şifre gücü: Güçlü. Güçlü bir şifre.');
    expect(host.querySelector('#pw')?.getAttribute('data-level')).toBe('strong');
  });
});
