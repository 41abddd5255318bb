import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSocialAccount, SocialAccountInput } from '@vitrin/shared/api/admin/social-accounts';
import { api } from '../lib/api.ts';

export const SOCIAL_ACCOUNTS_KEY = ['social-accounts'] as const;
const PATH = '/social-accounts';

export function useSocialAccounts() {
  return useQuery({
    queryKey: SOCIAL_ACCOUNTS_KEY,
    queryFn: async () => (await api.get<{ items: AdminSocialAccount[] }>(PATH)).items,
  });
}

/** Every change reads the list again: the footer's order is the server's. */
function useChange<V>(work: (value: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: work,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SOCIAL_ACCOUNTS_KEY }),
  });
}

/** Adds an account (no id) or changes one. */
export const useSaveSocialAccount = (id?: number) =>
  useChange((input: SocialAccountInput) =>
    id === undefined ? api.post(PATH, input) : api.patch(`${PATH}/${id}`, input),
  );

export const useRemoveSocialAccount = () => useChange((id: number) => api.delete(`${PATH}/${id}`));

export const useReorderSocialAccounts = () =>
  useChange((ids: number[]) => api.post(`${PATH}/order`, { ids }));
