import { STAFF_ROLE_LABELS, STAFF_ROLES } from '@vitrin/shared/staff/permissions';

const ROLE_HINTS = {
  owner: 'her şey: personel, ayarlar, denetim kaydı',
  manager: 'siparişler, müşteriler, kuponlar, katalog ve içerik',
  support: 'destek talepleri; siparişleri ve müşterileri yalnızca görür',
} as const;

/** The roles as <option>s, each with what it may do. */
export function RoleOptions() {
  return STAFF_ROLES.map((role) => (
    <option key={role} value={role}>
      {STAFF_ROLE_LABELS[role]}: {ROLE_HINTS[role]}
    </option>
  ));
}
