import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPage, AdminPageSummary, PageInput } from '@vitrin/shared/api/admin/pages';
import { api } from '../lib/api.ts';
import { useSaveRecord } from '../lib/record-api.ts';

const KEY = ['pages'] as const;
const PATH = '/pages';

export function usePages(type: number | undefined) {
  return useQuery({
    queryKey: [...KEY, 'list', type ?? 'all'],
    queryFn: async () =>
      (await api.get<{ items: AdminPageSummary[] }>(type ? `${PATH}?type=${type}` : PATH)).items,
  });
}

export function usePage(id: number | undefined) {
  return useQuery({
    queryKey: [...KEY, id],
    queryFn: async () => (await api.get<{ page: AdminPage }>(`${PATH}/${id}`)).page,
    enabled: id !== undefined,
  });
}

/** Adds a page (no id) or changes one; the lists are read again. */
export const useSavePage = (id?: number) => useSaveRecord<AdminPage, PageInput>(KEY, PATH, 'page', id);

export function useRemovePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`${PATH}/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
