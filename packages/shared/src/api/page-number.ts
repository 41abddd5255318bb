/** `?page=` of a paged list (1 when absent), with the messages a reader sees in the API error's `fields`. */
import { z } from '../zod.ts';

export const pageNumber = z.coerce
  .number({ error: 'Sayfa bir sayı olmalı' })
  .int('Sayfa bir tam sayı olmalı')
  .min(1, 'Sayfa en az 1 olmalı')
  .max(10_000, 'Sayfa çok büyük')
  .default(1);
