import type { ServerBuild } from 'react-router';

interface StandInRoute {
  id: string;
  parentId?: string;
  path: string;
  module: Record<string, unknown>;
}

export function standInBuild(routes: Record<string, StandInRoute>): ServerBuild;

export const addressRoute: StandInRoute;
