import { notFound } from '../lib/route-params.server.ts';
import type { Route } from './+types/not-found';

/** `/404` and every unknown path: the error screen with a real 404 and `Page not found: {path}`. */
export function loader({ request }: Route.LoaderArgs): never {
  notFound(request);
}

export default function NotFound() {
  return null;
}
