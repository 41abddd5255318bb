import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api.ts';

/**
 * The save of a record edited whole on its own screen (a content page, a blog post): a new one is `POST path`,
 * a stored one `PUT path/id`; the answer's `field` is the stored record, which becomes its query's data
 * (`[...key, id]`); the lists (`[...key, 'list', …]`) are read again.
 */
export function useSaveRecord<R extends { id: number }, I>(
  key: readonly unknown[],
  path: string,
  field: string,
  id?: number,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: I) =>
      (
        await (id === undefined
          ? api.post<Record<string, R>>(path, input)
          : api.put<Record<string, R>>(`${path}/${id}`, input))
      )[field] as R,
    onSuccess: (record) => queryClient.setQueryData([...key, record.id], record),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...key, 'list'] }),
  });
}
