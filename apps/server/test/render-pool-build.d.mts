import type { ServerBuild } from 'react-router';

interface StandInRoute {
  id: string;
  parentId?: string;
  path: string;
  module: Record<string, unknown>;
}

export function standInBuild(routes: Record<string, StandInRoute>): ServerBuild;

export const addressRoute: StandInRoute;

/** A held render (`/hold/:name`) says `{ held: name }` here; 'release' lets every held render finish. */
export const HOLD_CHANNEL: string;
/** The loader of `/seen/:name` says its name here as it runs. */
export const SEEN_CHANNEL: string;
