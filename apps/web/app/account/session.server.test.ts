import { describe, expect, it } from 'vitest';
import { echo } from './session.server.ts';

describe('echo (a refused form filled again)', () => {
  it('gives back the text fields a form sent, never a password or the intent', () => {
    expect(
      echo({
        intent: 'login',
        email: 'ayse@example.com',
        password: 'gizli-parola',
        newPassword: 'yeni-parola',
        firstName: 'Ayşe',
        p_isim: 'Şükrü',
      }),
    ).toEqual({ email: 'ayse@example.com', firstName: 'Ayşe', p_isim: 'Şükrü' });
  });

  it('does not give back a made-up field name or more text than any form takes', () => {
    const values = echo({
      ['a'.repeat(2_000_000)]: '',
      message: 'm'.repeat(2_000_000),
      'bad name': 'x',
    });
    expect(Object.keys(values)).toEqual(['message']);
    expect(values.message).toHaveLength(5000);
  });

  it('gives back at most as many fields as a form has', () => {
    const fields = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`f${i}`, 'x']));
    expect(Object.keys(echo(fields))).toHaveLength(64);
  });
});
