import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api.ts';
import type { TreePlace } from './tree-place.ts';

/**
 * The structure screens' lists (categories, tags, the header menu): `{ items }` at `path`, and their changes,
 * each of which reads the list again (the order and the tree are the server's).
 */
export function useItems<T>(key: QueryKey, path: string) {
  return useQuery({ queryKey: key, queryFn: async () => (await api.get<{ items: T[] }>(path)).items });
}

function useChange<V>(key: QueryKey, work: (value: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: work,
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** Adds a row (no id) or changes one. */
export const useSaveItem = <Input>(key: QueryKey, path: string, id?: number) =>
  useChange(key, (input: Input) =>
    id === undefined ? api.post(path, input) : api.patch(`${path}/${id}`, input),
  );

export const useRemoveItem = (key: QueryKey, path: string) =>
  useChange(key, (id: number) => api.delete(`${path}/${id}`));

/** Moves a node of a tree (`POST {path}/{id}/move`). */
export const useMoveItem = (key: QueryKey, path: string) =>
  useChange(key, ({ id, place }: { id: number; place: TreePlace }) => api.post(`${path}/${id}/move`, place));

/** The same list the coupon form's picker reads: a change on the tree refreshes it too. */
export const CATEGORIES_KEY = ['categories'] as const;
export const CATEGORIES_PATH = '/categories';
export const TAGS_KEY = ['tags'] as const;
export const TAGS_PATH = '/tags';
export const MENU_KEY = ['menu'] as const;
export const MENU_PATH = '/menu';
