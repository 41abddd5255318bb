import { describe, expect, it } from 'vitest';
import { can, PERMISSIONS, permissionsOf, STAFF_ROLE_LABELS, totpRequiredFor } from './permissions.ts';

describe('staff permissions', () => {
  it('gives the owner every permission', () => {
    expect(permissionsOf('owner')).toEqual(PERMISSIONS);
  });

  it('gives the manager orders, customers, tickets, coupons, catalogue and content, not settings, staff or audit', () => {
    expect(permissionsOf('manager')).toEqual([
      'dashboard.read',
      'orders.read',
      'orders.write',
      'customers.read',
      'customers.write',
      'tickets.read',
      'tickets.write',
      'coupons.write',
      'catalog.write',
      'content.write',
    ]);
  });

  it('gives support tickets and read-only orders and customers', () => {
    expect(permissionsOf('support')).toEqual([
      'dashboard.read',
      'orders.read',
      'customers.read',
      'tickets.read',
      'tickets.write',
    ]);
    expect(can('support', 'orders.write')).toBe(false);
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
