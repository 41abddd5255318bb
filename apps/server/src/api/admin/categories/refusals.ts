import { StructureError } from '@vitrin/core/catalog/category-admin/errors';
import { HttpError } from '../../../http/errors.ts';
import { refusalsAs } from '../replies.ts';

/** Runs a change of the categories, tags or menu: a refusal becomes its answer (code, Turkish message, fields). */
export const structureWork = <T>(work: () => Promise<T>) =>
  refusalsAs(
    (err) =>
      err instanceof StructureError
        ? new HttpError(err.status, err.code, err.message, err.fields)
        : undefined,
    work,
  );
