import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CustomerDetail,
  CustomerListAnswer,
  CustomerUpdateRequest,
  GuestOrdersLinkAnswer,
} from '@vitrin/shared/api/admin/customers';
import { api } from '../lib/api.ts';
import { LOADED_FRESH_MS } from '../lib/query-client.ts';
import { paths } from '../paths.ts';

export const customerScreen = (id: number) => paths.customer.replace(':id', String(id));
/** The KVKK export, a download the browser saves (the staff cookie goes with it). */
export const customerExportUrl = (id: number) => `/api/admin/customers/${id}/export.json`;

/** The list's query of the address' search and page (the screen and the route's loader). */
export const customerListQuery = (search: URLSearchParams) => {
  const query = new URLSearchParams({
    q: search.get('q') ?? '',
    page: String(Number(search.get('page')) || 1),
  }).toString();
  return queryOptions({
    queryKey: ['customers', query],
    queryFn: () => api.get<CustomerListAnswer>(`/customers?${query}`),
    staleTime: LOADED_FRESH_MS,
  });
};

export const useCustomers = (search: URLSearchParams) =>
  useQuery({ ...customerListQuery(search), placeholderData: keepPreviousData });

export const customerQuery = (id: string) =>
  queryOptions({
    queryKey: ['customer', id],
    queryFn: async () => (await api.get<{ customer: CustomerDetail }>(`/customers/${id}`)).customer,
    staleTime: LOADED_FRESH_MS,
  });

export const useCustomer = (id: string) => useQuery(customerQuery(id));

/** A change to the customer (wholesale, disabled) or its erasure; the customer and the list are read again. */
export function useCustomerChange(id: number) {
  const queryClient = useQueryClient();
  const done = (customer: CustomerDetail) => {
    queryClient.setQueryData(['customer', String(id)], customer);
    return queryClient.invalidateQueries({ queryKey: ['customers'] });
  };
  return {
    update: useMutation({
      mutationFn: async (change: CustomerUpdateRequest) =>
        (await api.patch<{ customer: CustomerDetail }>(`/customers/${id}`, change)).customer,
      onSuccess: done,
    }),
    erase: useMutation({
      mutationFn: async (confirm: string) =>
        (await api.post<{ customer: CustomerDetail }>(`/customers/${id}/erase`, { confirm })).customer,
      onSuccess: done,
    }),
  };
}

/** Sends the customer the e-mail that links the guest orders of their address to the account. */
export function useGuestOrdersLink(id: number) {
  return useMutation({
    mutationFn: () => api.post<GuestOrdersLinkAnswer>(`/customers/${id}/guest-orders-link`, {}),
  });
}
