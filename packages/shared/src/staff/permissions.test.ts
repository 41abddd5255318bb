import { describe, expect, it } from 'vitest';
import { can, PERMISSIONS, permissionsOf, STAFF_ROLE_LABELS, totpRequiredFor } from './permissions.ts';

describe('staff permissions', () => {
  it('gives the owner every permission', () => {
    expect(permissionsOf('owner')).toEqual(PERMISSIONS);
  });

  it('gives the manager orders, customers, tickets, coupons, review moderation, catalogue (read and write), content, turnover and exports, not settings, staff or audit', () => {
    expect(permissionsOf('manager')).toEqual([
      'dashboard.read',
      'reports.read',
      'exports.read',
      'orders.read',
      'orders.write',
      'customers.read',
      'customers.write',
      'tickets.read',
      'tickets.write',
      'coupons.write',
      'reviews.moderate',
      'reviews.answer',
      'catalog.read',
      'catalog.write',
      'content.write',
    ]);
  });

  it('gives support tickets, answers to reviews and read-only orders, customers and products', () => {
    expect(permissionsOf('support')).toEqual([
      'dashboard.read',
      'orders.read',
      'customers.read',
      'tickets.read',
      'tickets.write',
      'reviews.answer',
      'catalog.read',
    ]);
    expect(can('support', 'orders.write')).toBe(false);
    // Support answers reviews publicly but does not decide which are published.
    expect(can('support', 'reviews.moderate')).toBe(false);
    expect(can('support', 'catalog.write')).toBe(false);
    // The money and the bulk downloads of names and addresses are not support's.
    expect(can('support', 'reports.read')).toBe(false);
    expect(can('support', 'exports.read')).toBe(false);
  });

  it('requires two-step verification of owners and managers only, and labels roles in Turkish', () => {
    expect([totpRequiredFor('owner'), totpRequiredFor('manager'), totpRequiredFor('support')]).toEqual([
      true,
      true,
      false,
    ]);
    expect(STAFF_ROLE_LABELS).toEqual({ owner: 'Sahip', manager: 'Yönetici', support: 'Destek' });
  });
});
