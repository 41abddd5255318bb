import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportAnswer, ImportProgress } from '@vitrin/shared/api/admin/imports';
import { ApiError, api } from '../lib/api.ts';
import { PRODUCTS_KEY } from '../products/products-api.ts';

/** A name for one run, to follow its progress (crypto.randomUUID needs https; this works on plain http). */
export function runId() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface Run {
  id: string;
  file: File;
  dryRun: boolean;
}

/**
 * Sends the file to the import, checked only (dry run) or written. A real run refused for its rows (422
 * ICE_AKTARMA_HATALI) answers the rows beside the error; the panel's client keeps the message only, so they
 * are read from the run's progress, which keeps its result.
 */
export function useImportRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, file, dryRun }: Run): Promise<ImportAnswer> => {
      const body = new FormData();
      body.append('file', file);
      const query = new URLSearchParams({ id, ...(dryRun ? { dryRun: '1' } : {}) });
      try {
        return await api.post<ImportAnswer>(`/imports/products?${query}`, body);
      } catch (error) {
        if (!(error instanceof ApiError) || error.code !== 'ICE_AKTARMA_HATALI') throw error;
        const kept = await api.get<ImportProgress>(`/imports/${id}`).catch(() => undefined);
        if (kept?.result) return kept.result;
        throw error;
      }
    },
    onSuccess: (answer) => {
      if (!answer.dryRun) void client.invalidateQueries({ queryKey: PRODUCTS_KEY });
    },
  });
}

/** The run's progress, asked for every half second while it runs (the server keeps it by its id). */
export function useImportProgress(id: string | undefined, running: boolean) {
  return useQuery({
    queryKey: ['import-progress', id],
    queryFn: () => api.get<ImportProgress>(`/imports/${id}`),
    enabled: Boolean(id) && running,
    refetchInterval: running ? 500 : false,
    // Before the server has seen the file, the run is not known yet (404): asked again at the next tick.
    retry: false,
  });
}
