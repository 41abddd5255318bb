import type { ServerBuild } from 'react-router';

export function standInBuild(
  routes: Record<string, { id: string; parentId?: string; path: string; module: Record<string, unknown> }>,
): ServerBuild;
