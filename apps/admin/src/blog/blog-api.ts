import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminBlogPost,
  AdminBlogPostSummary,
  BlogPostInput,
  BlogPostStatus,
} from '@vitrin/shared/api/admin/blog';
import { api } from '../lib/api.ts';

const KEY = ['blog-posts'] as const;
const PATH = '/blog/posts';

export function useBlogPosts(status: BlogPostStatus | undefined) {
  return useQuery({
    queryKey: [...KEY, 'list', status ?? 'all'],
    queryFn: async () =>
      (await api.get<{ items: AdminBlogPostSummary[] }>(status ? `${PATH}?status=${status}` : PATH)).items,
  });
}

export function useBlogPost(id: number | undefined) {
  return useQuery({
    queryKey: [...KEY, id],
    queryFn: async () => (await api.get<{ post: AdminBlogPost }>(`${PATH}/${id}`)).post,
    enabled: id !== undefined,
  });
}

export function useBlogCategories() {
  return useQuery({
    queryKey: ['blog-categories'],
    queryFn: async () =>
      (await api.get<{ items: Array<{ id: number; name: string }> }>('/blog/categories')).items,
    staleTime: 60_000,
  });
}

/** Adds a post (no id) or changes one; the lists are read again. */
export function useSaveBlogPost(id?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: BlogPostInput) =>
      (
        await (id === undefined
          ? api.post<{ post: AdminBlogPost }>(PATH, input)
          : api.put<{ post: AdminBlogPost }>(`${PATH}/${id}`, input))
      ).post,
    onSuccess: (post) => queryClient.setQueryData([...KEY, post.id], post),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...KEY, 'list'] }),
  });
}
