import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminTicket, AdminTicketList } from '@vitrin/shared/api/admin/tickets';
import { api } from '../lib/api.ts';
import { LOADED_FRESH_MS } from '../lib/query-client.ts';
import { paths } from '../paths.ts';

export const ticketScreen = (ticketNo: string) =>
  paths.ticket.replace(':ticketNo', encodeURIComponent(ticketNo));

/** The queue's state (`durum`, open ones unless told; `hepsi` all) and page as the address holds them, and its query. */
export function ticketQueueQuery(search: URLSearchParams) {
  const tab = search.get('durum') ?? 'open';
  const page = Number(search.get('page')) || 1;
  const status = tab === 'hepsi' ? '' : tab;
  const query = new URLSearchParams({ status, page: String(page) }).toString();
  return {
    status,
    page,
    options: queryOptions({
      queryKey: ['tickets', query],
      queryFn: () => api.get<AdminTicketList>(`/tickets?${query}`),
      staleTime: LOADED_FRESH_MS,
    }),
  };
}

export const useTicketQueue = (search: URLSearchParams) =>
  useQuery({ ...ticketQueueQuery(search).options, placeholderData: keepPreviousData });

export const ticketQuery = (ticketNo: string) =>
  queryOptions({
    queryKey: ['ticket', ticketNo],
    queryFn: async () =>
      (await api.get<{ ticket: AdminTicket }>(`/tickets/${encodeURIComponent(ticketNo)}`)).ticket,
    staleTime: LOADED_FRESH_MS,
  });

export const useTicket = (ticketNo: string) => useQuery(ticketQuery(ticketNo));

/** A reply (with an optional file), close or reopen; the ticket is replaced by the answer, the queue read again. */
export function useTicketChange(ticketNo: string) {
  const queryClient = useQueryClient();
  const base = `/tickets/${encodeURIComponent(ticketNo)}`;
  const done = (ticket: AdminTicket) => {
    queryClient.setQueryData(['ticket', ticketNo], ticket);
    return queryClient.invalidateQueries({ queryKey: ['tickets'] });
  };
  return {
    reply: useMutation({
      mutationFn: async (form: FormData) =>
        (await api.post<{ ticket: AdminTicket }>(`${base}/messages`, form)).ticket,
      onSuccess: done,
    }),
    move: useMutation({
      mutationFn: async (event: 'close' | 'reopen') =>
        (await api.post<{ ticket: AdminTicket }>(`${base}/${event}`)).ticket,
      onSuccess: done,
    }),
  };
}
