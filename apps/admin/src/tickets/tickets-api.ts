import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminTicket, AdminTicketList } from '@vitrin/shared/api/admin/tickets';
import { api } from '../lib/api.ts';
import { paths } from '../paths.ts';

export const ticketScreen = (ticketNo: string) =>
  paths.ticket.replace(':ticketNo', encodeURIComponent(ticketNo));

export function useTicketQueue(query: string) {
  return useQuery({
    queryKey: ['tickets', query],
    queryFn: () => api.get<AdminTicketList>(`/tickets?${query}`),
    placeholderData: keepPreviousData,
  });
}

export function useTicket(ticketNo: string) {
  return useQuery({
    queryKey: ['ticket', ticketNo],
    queryFn: async () =>
      (await api.get<{ ticket: AdminTicket }>(`/tickets/${encodeURIComponent(ticketNo)}`)).ticket,
  });
}

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
