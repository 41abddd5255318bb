import { STAFF_ROLE_LABELS, STAFF_ROLES } from '@vitrin/shared/staff/permissions';

/** The roles as <option>s. */
export function RoleOptions() {
  return STAFF_ROLES.map((role) => (
    <option key={role} value={role}>
      {STAFF_ROLE_LABELS[role]}
    </option>
  ));
}

/** What each role may do, under a role field. */
export const ROLE_HINT =
  'Sahip: her şey (personel, ayarlar, denetim kaydı). Yönetici: siparişler, müşteriler, kuponlar, katalog ve ' +
  'içerik. Destek: destek talepleri; siparişleri ve müşterileri yalnızca görür.';
