import { staff } from '@vitrin/core/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser } from '../../../../test/accounts.ts';
import { createTestApp } from '../../../../test/server.ts';
import { loggedInStaff } from '../../../../test/staff.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
});
afterAll(() => t.close());

let n = 0;
const newMember = (role = 'support') => ({ email: `yeni${++n}@magaza.test`, name: `Yeni Kişi ${n}`, role });

describe('staff management', () => {
  it('lets an owner add a staff member with a generated password shown once, who then logs in', async () => {
    const { b } = await loggedInStaff(t.app, t.services, 'owner');
    const form = newMember('support');
    const res = await b.post('/api/admin/staff', { ...form, email: `  ${form.email.toUpperCase()} ` });
    expect(res.statusCode).toBe(201);
    const { staff: row, password } = res.json();
    expect(row).toMatchObject({
      email: form.email,
      name: form.name,
      role: 'support',
      totpEnabled: false,
      disabled: false,
      lastLoginAt: null,
    });
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const list = await b.get('/api/admin/staff');
    expect(list.statusCode).toBe(200);
    expect(list.json().items.find((s: { id: number }) => s.id === row.id)).toEqual(row);
    // Nothing secret in the list: no hash, no TOTP secret.
    expect(list.body).not.toMatch(/scrypt|password|secret/i);
    const login = await browser(t.app).post('/api/admin/session', { email: form.email, password });
    expect(login.statusCode).toBe(200);
  });

  it('is for owners only: a manager gets 403 YETKI_YOK', async () => {
    const { b } = await loggedInStaff(t.app, t.services, 'manager');
    for (const res of [await b.get('/api/admin/staff'), await b.post('/api/admin/staff', newMember())]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('YETKI_YOK');
    }
  });

  it('refuses an e-mail a staff member has already (409), whatever its case', async () => {
    const { b, member } = await loggedInStaff(t.app, t.services, 'owner');
    const res = await b.post('/api/admin/staff', { ...newMember(), email: member.email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'EPOSTA_KAYITLI',
      fields: { email: 'Bu e-posta adresi zaten kayıtlı' },
    });
  });

  it.each([
    ['no e-mail', { name: 'Ali', role: 'support' }, 'email', 'E-posta adresini girin'],
    ['a malformed e-mail', { email: 'ali@', name: 'Ali', role: 'support' }, 'email', 'Invalid email address'],
    ['no name', { email: 'ali@magaza.test', role: 'support' }, 'name', 'Adı girin'],
    ['a blank name', { email: 'ali@magaza.test', name: '   ', role: 'support' }, 'name', 'Adı girin'],
    [
      'a name too long',
      { email: 'ali@magaza.test', name: 'A'.repeat(101), role: 'support' },
      'name',
      'Ad en fazla 100 karakter olabilir',
    ],
    [
      'a name with a control character',
      { email: 'ali@magaza.test', name: 'Ali\u0007', role: 'support' },
      'name',
      'Bu alanda kullanılamayan görünmez bir karakter var; lütfen metni yeniden yazın',
    ],
    ['no role', { email: 'ali@magaza.test', name: 'Ali' }, 'role', 'Rol sahip, yönetici ya da destek olmalı'],
    [
      'an unknown role',
      { email: 'ali@magaza.test', name: 'Ali', role: 'admin' },
      'role',
      'Rol sahip, yönetici ya da destek olmalı',
    ],
  ])('refuses a new staff member with %s (400), adding nobody', async (_what, body, field, message) => {
    const { b } = await loggedInStaff(t.app, t.services, 'owner');
    const before = (await b.get('/api/admin/staff')).json().items.length;
    const res = await b.post('/api/admin/staff', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    expect((await b.get('/api/admin/staff')).json().items.length).toBe(before);
  });

  it('renames and re-roles a staff member', async () => {
    const { b } = await loggedInStaff(t.app, t.services, 'owner');
    const { staff: row } = (await b.post('/api/admin/staff', newMember('support'))).json();
    const res = await b.patch(`/api/admin/staff/${row.id}`, { name: 'Zeynep Kaya', role: 'manager' });
    expect(res.statusCode).toBe(200);
    expect(res.json().staff).toMatchObject({ id: row.id, name: 'Zeynep Kaya', role: 'manager' });
  });

  it('disabling ends the sessions at once; enabling gives the account back', async () => {
    const { b } = await loggedInStaff(t.app, t.services, 'owner');
    const target = await loggedInStaff(t.app, t.services, 'manager');
    expect((await target.b.get('/api/admin/session')).statusCode).toBe(200);
    const res = await b.patch(`/api/admin/staff/${target.member.id}`, { disabled: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().staff.disabled).toBe(true);
    expect((await target.b.get('/api/admin/session')).statusCode).toBe(401);
    const enabled = await b.patch(`/api/admin/staff/${target.member.id}`, { disabled: false });
    expect(enabled.json().staff.disabled).toBe(false);
  });

  it('ends every session of a staff member on request', async () => {
    const { b } = await loggedInStaff(t.app, t.services, 'owner');
    const target = await loggedInStaff(t.app, t.services, 'support');
    expect((await b.delete(`/api/admin/staff/${target.member.id}/sessions`)).statusCode).toBe(204);
    expect((await target.b.get('/api/admin/session')).statusCode).toBe(401);
    expect((await b.get('/api/admin/session')).statusCode).toBe(200);
  });

  it('never demotes nor disables the last enabled owner (409 SON_SAHIP), changing nothing', async () => {
    // The owners the other tests made are disabled here: this owner is the only one left.
    const { b, member } = await loggedInStaff(t.app, t.services, 'owner');
    await t.services.database.db.update(staff).set({ disabledAt: new Date() }).where(eq(staff.role, 'owner'));
    await t.services.database.db.update(staff).set({ disabledAt: null }).where(eq(staff.id, member.id));
    for (const body of [{ role: 'manager' }, { disabled: true }]) {
      const res = await b.patch(`/api/admin/staff/${member.id}`, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('SON_SAHIP');
    }
    expect((await b.get('/api/admin/session')).json().staff.role).toBe('owner');
    // With a second owner, the first may step down.
    const second = (await b.post('/api/admin/staff', newMember('owner'))).json().staff;
    expect((await b.patch(`/api/admin/staff/${member.id}`, { role: 'manager' })).statusCode).toBe(200);
    expect(second.role).toBe('owner');
  });

  it('answers 404 for a staff member that does not exist', async () => {
    const { b } = await loggedInStaff(t.app, t.services, 'owner');
    for (const res of [
      await b.patch('/api/admin/staff/999999', { name: 'Kimse' }),
      await b.delete('/api/admin/staff/999999/sessions'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ code: 'PERSONEL_BULUNAMADI', message: 'Personel bulunamadı.' });
    }
  });

  it.each([
    ['a malformed id', '/api/admin/staff/abc', { name: 'Ali' }, 'id', 'Personel numarası geçersiz'],
    [
      'nothing to change',
      '/api/admin/staff/1',
      {},
      '_',
      'Değiştirilecek bir alan gönderin (ad, rol ya da devre dışı)',
    ],
    [
      'an unknown role',
      '/api/admin/staff/1',
      { role: 'patron' },
      'role',
      'Rol sahip, yönetici ya da destek olmalı',
    ],
    ['a blank name', '/api/admin/staff/1', { name: ' ' }, 'name', 'Adı girin'],
    [
      'a disabled flag that is not true or false',
      '/api/admin/staff/1',
      { disabled: 'evet' },
      'disabled',
      'Devre dışı evet ya da hayır olmalı',
    ],
  ])('refuses a change with %s (400)', async (_what, url, body, field, message) => {
    const { b } = await loggedInStaff(t.app, t.services, 'owner');
    const res = await b.patch(url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
  });
});
