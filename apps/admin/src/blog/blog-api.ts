import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminBlogPost,
  BlogPostInput,
  BlogPostList,
  BlogPostStatus,
  BlogTerm,
  BlogTermInput,
} from '@vitrin/shared/api/admin/blog';
import { api } from '../lib/api.ts';
import { useSaveRecord } from '../lib/record-api.ts';

const KEY = ['blog-posts'] as const;
const PATH = '/blog/posts';

/** One page of posts (of one status, or all) with the page count. */
export function useBlogPosts(status: BlogPostStatus | undefined, page: number) {
  const query = new URLSearchParams({ page: String(page) });
  if (status) query.set('status', status);
  return useQuery({
    queryKey: [...KEY, 'list', status ?? 'all', page],
    queryFn: () => api.get<BlogPostList>(`${PATH}?${query}`),
    placeholderData: (previous) => previous,
  });
}

export function useBlogPost(id: number | undefined) {
  return useQuery({
    queryKey: [...KEY, id],
    queryFn: async () => (await api.get<{ post: AdminBlogPost }>(`${PATH}/${id}`)).post,
    enabled: id !== undefined,
  });
}

export const useBlogCategories = () => useBlogTerms('categories');

/** Adds a post (no id) or changes one; the lists are read again. */
export const useSaveBlogPost = (id?: number) =>
  useSaveRecord<AdminBlogPost, BlogPostInput>(KEY, PATH, 'post', id);

/** The blog's categories (`categories`) or tags (`tags`): the list with post counts and its changes. */
export type BlogTermKind = 'categories' | 'tags';
const termsKey = (kind: BlogTermKind) => (kind === 'categories' ? ['blog-categories'] : ['blog-tags']);

export function useBlogTerms(kind: BlogTermKind) {
  return useQuery({
    queryKey: termsKey(kind),
    queryFn: async () => (await api.get<{ items: BlogTerm[] }>(`/blog/${kind}`)).items,
  });
}

/** Adds, renames, removes or moves a category or tag; the list and the posts are read again. */
export function useBlogTermChange<V>(kind: BlogTermKind, work: (value: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: work,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: termsKey(kind) });
      await queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
}

export const saveBlogTerm = (kind: BlogTermKind, id: number | undefined, input: BlogTermInput) =>
  id === undefined ? api.post(`/blog/${kind}`, input) : api.put(`/blog/${kind}/${id}`, input);
export const removeBlogTerm = (kind: BlogTermKind, id: number) => api.delete(`/blog/${kind}/${id}`);
export const moveBlogCategory = ({ id, index }: { id: number; index: number }) =>
  api.post(`/blog/categories/${id}/move`, { index });
