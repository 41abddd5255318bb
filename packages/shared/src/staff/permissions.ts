/**
 * Staff roles and what each may do: one table, read by the server on every admin route and by the panel to
 * hide what a role cannot do. A new kind of action is a new permission here, given to the roles that have it.
 */
export const STAFF_ROLES = ['owner', 'manager', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Sahip',
  manager: 'Yönetici',
  support: 'Destek',
};

/** Each permission and the roles that have it besides the owner (who has every one). */
const GRANTS = {
  'dashboard.read': ['manager', 'support'],
  // Turnover: the dashboard's revenue figures and chart.
  'reports.read': ['manager'],
  // Bulk downloads of the shop's records (every order with names and e-mail addresses).
  'exports.read': ['manager'],
  'orders.read': ['manager', 'support'],
  'orders.write': ['manager'],
  'customers.read': ['manager', 'support'],
  'customers.write': ['manager'],
  'tickets.read': ['manager', 'support'],
  'tickets.write': ['manager', 'support'],
  'coupons.write': ['manager'],
  // Product reviews: approving and rejecting them; the shop's public answer (and reading the list to answer from).
  'reviews.moderate': ['manager'],
  'reviews.answer': ['manager', 'support'],
  'catalog.read': ['manager', 'support'],
  'catalog.write': ['manager'],
  'content.write': ['manager'],
  'settings.write': [],
  'staff.manage': [],
  'audit.read': [],
} as const satisfies Record<string, readonly Exclude<StaffRole, 'owner'>[]>;

export type Permission = keyof typeof GRANTS;
export const PERMISSIONS = Object.keys(GRANTS) as Permission[];

export function can(role: StaffRole, permission: Permission): boolean {
  return role === 'owner' || (GRANTS[permission] as readonly StaffRole[]).includes(role);
}

export function permissionsOf(role: StaffRole): Permission[] {
  return PERMISSIONS.filter((permission) => can(role, permission));
}

/** Roles that must set up two-step verification before their session can do anything else. */
export function totpRequiredFor(role: StaffRole): boolean {
  return role === 'owner' || role === 'manager';
}
