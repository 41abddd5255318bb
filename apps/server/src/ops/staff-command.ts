import type { Services } from '@vitrin/core';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@vitrin/shared/api/account';
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@vitrin/shared/staff/permissions';
import { commandError, commandOptions } from './command-error.ts';

const STAFF_OPTIONS = ['--role', '--password', '--name'];

export const STAFF_USAGE = `  staff create E-POSTA --role owner|manager|support [--password ŞİFRE] [--name AD]
                              Panel için personel hesabı açar; şifreyi (verilmezse üretilir) ve
                              doğrulama uygulamasına eklenecek otpauth:// adresini yazar`;

/**
 * `staff create EMAIL --role R [--password P] [--name N]`: the first owner of a new shop, or anyone when the
 * panel is out of reach. The account has two-step verification ready: the operator adds the printed
 * `otpauth://` URI to an authenticator app. Recorded in the audit log as the CLI.
 */
export async function staffCommand(services: Services, sub: string | undefined, args: string[]) {
  if (sub !== 'create' || args.length < 1) {
    throw commandError('KOMUT_GECERSIZ', `Kullanım:\n${STAFF_USAGE}`);
  }
  const [email, ...rest] = args as [string, ...string[]];
  const options = commandOptions(rest, STAFF_OPTIONS);
  const role = options['--role'];
  if (!role || !(STAFF_ROLES as readonly string[]).includes(role)) {
    throw commandError('GECERSIZ_ROL', 'Rolü --role owner, --role manager ya da --role support ile verin.');
  }
  const password = options['--password'];
  if (
    password !== undefined &&
    (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH)
  ) {
    throw commandError(
      'GECERSIZ_SIFRE',
      `Şifre ${PASSWORD_MIN_LENGTH} ile ${PASSWORD_MAX_LENGTH} karakter arasında olmalı.`,
    );
  }
  const created = await services.staff.create(
    { kind: 'cli' },
    { email, name: options['--name'] ?? email.split('@')[0] ?? email, role: role as StaffRole },
    { password, withTotp: true },
  );
  return [
    `Personel hesabı açıldı: ${created.staff.email} (${STAFF_ROLE_LABELS[created.staff.role]}).`,
    `Şifre: ${created.password}`,
    `İki adımlı doğrulama (uygulamaya ekleyin): ${created.otpauthUri}`,
    'Giriş: /admin/login',
  ].join('\n');
}
