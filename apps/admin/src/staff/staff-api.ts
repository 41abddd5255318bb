import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffRow, StaffUpdateRequest } from '@vitrin/shared/api/admin/staff';
import { api } from '../lib/api.ts';

export const STAFF_KEY = ['staff'] as const;

export function useStaffList() {
  return useQuery({
    queryKey: STAFF_KEY,
    queryFn: async () => (await api.get<{ items: StaffRow[] }>('/staff')).items,
  });
}

/** A change to one staff member (name, role, disabled); the list is read again after it. */
export function useStaffUpdate(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: StaffUpdateRequest) => api.patch<{ staff: StaffRow }>(`/staff/${id}`, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STAFF_KEY }),
  });
}

export function useEndSessions(id: number) {
  return useMutation({ mutationFn: () => api.delete(`/staff/${id}/sessions`) });
}
