import type { StaffRow } from '@vitrin/shared/api/admin/staff';
import type { StaffRole } from '@vitrin/shared/staff/permissions';
import { type ReactNode, useState } from 'react';
import { messageOf } from '../lib/api.ts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { Field, FormError, Select } from '../ui/field.tsx';
import { ROLE_HINT, RoleOptions } from './role-options.tsx';
import { useEndSessions, useStaffUpdate } from './staff-api.ts';

type Action = 'role' | 'disable' | 'sessions';

/** One staff member's buttons, each confirmed in a dialog that shows the API's refusal (409 SON_SAHIP). */
export function StaffActions({ member }: { member: StaffRow }) {
  const [action, setAction] = useState<Action>();
  const [role, setRole] = useState<StaffRole>(member.role);
  const [done, setDone] = useState<string>();
  const update = useStaffUpdate(member.id);
  const endSessions = useEndSessions(member.id);

  const open = (next: Action) => {
    update.reset();
    endSessions.reset();
    setRole(member.role);
    setAction(next);
  };
  const close = () => setAction(undefined);
  const finish = (message: string) => {
    setDone(message);
    close();
  };
  const pending = update.isPending || endSessions.isPending;
  const failure = update.error ?? endSessions.error;

  const confirm = (title: string, body: ReactNode, run: () => void, label: string, danger = false) => (
    <Dialog title={title} open onClose={close}>
      {body}
      <FormError message={failure ? messageOf(failure) : undefined} />
      <div className="flex justify-end gap-2">
        <Button look="secondary" onClick={close}>
          Vazgeç
        </Button>
        <Button look={danger ? 'danger' : 'primary'} onClick={run} disabled={pending}>
          {label}
        </Button>
      </div>
    </Dialog>
  );

  const who = (
    <strong>
      {member.name} ({member.email})
    </strong>
  );

  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap gap-2">
        <Button
          look="secondary"
          className="min-h-8 px-2 py-1 text-xs whitespace-nowrap"
          onClick={() => open('role')}
        >
          Rolü değiştir
        </Button>
        <Button
          look="secondary"
          className="min-h-8 px-2 py-1 text-xs whitespace-nowrap"
          onClick={() => open('disable')}
        >
          {member.disabled ? 'Etkinleştir' : 'Devre dışı bırak'}
        </Button>
        <Button
          look="secondary"
          className="min-h-8 px-2 py-1 text-xs whitespace-nowrap"
          onClick={() => open('sessions')}
        >
          Oturumları kapat
        </Button>
      </div>
      <p role="status" className="text-xs text-green-800">
        {done}
      </p>
      {action === 'role' &&
        confirm(
          'Rolü değiştir',
          <>
            <p>{who} için yeni rolü seçin.</p>
            <Field label="Rol" hint={ROLE_HINT}>
              {(control) => (
                <Select {...control} value={role} onChange={(e) => setRole(e.target.value as StaffRole)}>
                  <RoleOptions />
                </Select>
              )}
            </Field>
          </>,
          () => update.mutate({ role }, { onSuccess: () => finish('Rol değiştirildi.') }),
          'Rolü kaydet',
        )}
      {action === 'disable' &&
        (member.disabled
          ? confirm(
              'Hesabı etkinleştir',
              <p>{who} yeniden giriş yapabilecek.</p>,
              () => update.mutate({ disabled: false }, { onSuccess: () => finish('Hesap etkinleştirildi.') }),
              'Etkinleştir',
            )
          : confirm(
              'Hesabı devre dışı bırak',
              <p>{who} giriş yapamayacak; açık oturumları hemen kapatılır.</p>,
              () =>
                update.mutate({ disabled: true }, { onSuccess: () => finish('Hesap devre dışı bırakıldı.') }),
              'Devre dışı bırak',
              true,
            ))}
      {action === 'sessions' &&
        confirm(
          'Oturumları kapat',
          <p>{who} tüm cihazlarda oturumdan çıkarılacak; yeniden giriş yapması gerekecek.</p>,
          () => endSessions.mutate(undefined, { onSuccess: () => finish('Oturumlar kapatıldı.') }),
          'Oturumları kapat',
          true,
        )}
    </div>
  );
}
