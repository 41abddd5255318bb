import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffMe, StaffSessionAnswer } from '@vitrin/shared/api/admin/session';
import type { Permission } from '@vitrin/shared/staff/permissions';
import { ApiError, api } from '../lib/api.ts';

export const SESSION_KEY = ['session'] as const;

async function fetchSession(): Promise<StaffMe | null> {
  try {
    return (await api.get<StaffSessionAnswer>('/session', { quiet401: true })).staff;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** The logged-in staff member, `null` when nobody is: what the routes' loaders ask and the screens read. */
export const sessionQuery = queryOptions({ queryKey: SESSION_KEY, queryFn: fetchSession, staleTime: 60_000 });

export function useStaffSession() {
  return useQuery(sessionQuery);
}

/** The logged-in staff member, inside the screens that RequireStaff guards. */
export function useStaff(): StaffMe {
  const { data } = useStaffSession();
  if (!data) throw new Error('useStaff outside RequireStaff');
  return data;
}

export const has = (staff: StaffMe, permission: Permission) => staff.permissions.includes(permission);

/** Owner and manager must set up two-step verification before anything else. */
export const mustSetUpTotp = (staff: StaffMe) => staff.totpRequired && !staff.totpEnabled;
