import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminReview, AdminReviewList } from '@vitrin/shared/api/admin/reviews';
import { api } from '../lib/api.ts';
import { LOADED_FRESH_MS } from '../lib/query-client.ts';

/** The list's filters as the address holds them (Turkish names), and what the API is asked. */
export interface ReviewFilters {
  /** `pending` unless told; '' all. */
  status: '' | 'pending' | 'approved' | 'rejected';
  rating: string;
  q: string;
  photos: boolean;
  page: number;
}

const STATUS_BY_TAB = { onay: 'pending', yayinda: 'approved', yayimlanmayan: 'rejected', hepsi: '' } as const;
export const TAB_OF_STATUS = { pending: 'onay', approved: 'yayinda', rejected: 'yayimlanmayan', '': 'hepsi' };

export function reviewFilters(search: URLSearchParams): ReviewFilters {
  const tab = (search.get('durum') ?? 'onay') as keyof typeof STATUS_BY_TAB;
  return {
    status: STATUS_BY_TAB[tab] ?? 'pending',
    rating: search.get('puan') ?? '',
    q: search.get('q') ?? '',
    photos: search.get('fotografli') === '1',
    page: Number(search.get('page')) || 1,
  };
}

/** The address of filters (defaults left out). */
export function reviewSearch(f: ReviewFilters): Record<string, string> {
  return Object.fromEntries(
    Object.entries({
      durum: f.status === 'pending' ? '' : TAB_OF_STATUS[f.status],
      puan: f.rating,
      q: f.q.trim(),
      fotografli: f.photos ? '1' : '',
      page: f.page === 1 ? '' : String(f.page),
    }).filter(([, v]) => v),
  );
}

export function reviewListQuery(search: URLSearchParams) {
  const f = reviewFilters(search);
  const query = new URLSearchParams(
    Object.entries({
      status: f.status,
      rating: f.rating,
      q: f.q,
      photos: f.photos ? '1' : '',
      page: String(f.page),
    }).filter(([, v]) => v),
  ).toString();
  return {
    filters: f,
    options: queryOptions({
      queryKey: ['reviews', query],
      queryFn: () => api.get<AdminReviewList>(`/reviews?${query}`),
      staleTime: LOADED_FRESH_MS,
    }),
  };
}

export const useReviewList = (search: URLSearchParams) =>
  useQuery({ ...reviewListQuery(search).options, placeholderData: keepPreviousData });

/** Approve, reject, answer or remove the answer of one review; the list is read again after each. */
export function useReviewChange(review: AdminReview) {
  const queryClient = useQueryClient();
  const base = `/reviews/${review.id}`;
  // The version the panel showed: a review someone else moderated meanwhile is refused (409), not overwritten.
  const version = { loadedUpdatedAt: review.updatedAt };
  // Read again after a refusal too: a 409 means the list shows an old state of the review.
  const onSettled = () => queryClient.invalidateQueries({ queryKey: ['reviews'] });
  type Answer = { review: AdminReview };
  return {
    approve: useMutation({ mutationFn: () => api.post<Answer>(`${base}/approve`, version), onSettled }),
    reject: useMutation({
      mutationFn: (reason: string) => api.post<Answer>(`${base}/reject`, { ...version, reason }),
      onSettled,
    }),
    answer: useMutation({
      mutationFn: (answer: string) => api.put<Answer>(`${base}/answer`, { ...version, answer }),
      onSettled,
    }),
    removeAnswer: useMutation({
      mutationFn: () => api.delete(`${base}/answer`) as Promise<unknown>,
      onSettled,
    }),
  };
}
