import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SettingsAnswer, SettingsUpdate } from '@vitrin/shared/api/admin/settings';
import { api } from '../lib/api.ts';

export const SETTINGS_KEY = ['settings'] as const;

export function useSettings() {
  return useQuery({ queryKey: SETTINGS_KEY, queryFn: () => api.get<SettingsAnswer>('/settings') });
}

/** Saves one section; the answer is the settings as stored, which the page shows at once. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SettingsUpdate) => api.patch<SettingsAnswer>('/settings', change),
    onSuccess: (answer) => queryClient.setQueryData(SETTINGS_KEY, answer),
  });
}
