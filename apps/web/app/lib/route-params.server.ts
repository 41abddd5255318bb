import { isSlug } from '@vitrin/shared/slug';
import { z } from '@vitrin/shared/zod';
import { data } from 'react-router';
import { notFoundMessage } from './route-error.tsx';

/** Parameter schemas shared by every route with parameters. */
export const param = {
  slug: z.string().refine(isSlug),
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number),
};

function pathOf(request: Request): string {
  return new URL(request.url).pathname;
}

/**
 * The one route parameter check (spec section 8): parameters that do not fit their schema answer 404
 * with the 404 line in Turkish (the spec's English `Page Not Found: {path}` read as a defect to shoppers).
 */
export function parseParams<S extends z.ZodRawShape>(
  { params, request }: { params: Record<string, string | undefined>; request: Request },
  shape: S,
): z.infer<z.ZodObject<S>> {
  // Each parameter on its own schema: a `z.object` made per request would be compiled anew on every call.
  const parsed: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(shape)) {
    const result = z.safeParse(schema, params[name]);
    if (!result.success) {
      throw data({ message: notFoundMessage(pathOf(request)) }, { status: 404 });
    }
    parsed[name] = result.data;
  }
  return parsed as z.infer<z.ZodObject<S>>;
}

/** A valid parameter that names nothing, or an unknown path: 404 with the Turkish 404 line. */
export function notFound(request: Request): never {
  throw data({ message: notFoundMessage(pathOf(request)) }, { status: 404 });
}
