/**
 * Whether this node should be sent shoppers: what `/readyz` answers a load balancer. A node is not ready while
 * it starts (the database opened and migrated, the catalogue index built: a listing or a search before that
 * would wait for it) and from the moment it is told to stop, so the balancer takes it out before it stops
 * taking connections. `/healthz` (the process answers) is not this.
 */

/** `/readyz`'s `status`, by name: `ok` is the only one a balancer sends traffic to. */
export const READINESS_STATUS = {
  Ready: 'ok',
  Starting: 'starting',
  Stopping: 'stopping',
  Unavailable: 'unavailable',
} as const;
export type ReadinessStatus = (typeof READINESS_STATUS)[keyof typeof READINESS_STATUS];

/** Why a node is not ready, in `/readyz`'s `reason`. */
export const NOT_READY_REASON = {
  /** The database is being opened and migrated (the demo shop loaded into an empty one). */
  Migrations: 'migrations',
  /** The catalogue index that answers listings and searches is being built. */
  SearchIndex: 'search-index',
  /** SIGTERM or SIGINT came: the node finishes what it has and exits. */
  Shutdown: 'shutdown',
  /** The database does not answer. */
  Database: 'database',
} as const;
export type NotReadyReason = (typeof NOT_READY_REASON)[keyof typeof NOT_READY_REASON];

/** `/readyz`'s body, one shape in every state: `reason` only when the status is not `ok`. */
export interface ReadinessBody {
  status: ReadinessStatus;
  database: 'postgres' | 'pglite';
  reason?: NotReadyReason;
}

export interface Readiness {
  /** What stands between the node and shoppers now; undefined once ready (the database is asked then). */
  notReady(): { status: ReadinessStatus; reason: NotReadyReason } | undefined;
  /** Whether the node was told to stop: its answers then close their connections. */
  stopping(): boolean;
  /** Still starting, now for `reason`. Ignored once stopping. */
  startingFor(reason: NotReadyReason): void;
  /** Ready for shoppers. Ignored once stopping. */
  markReady(): void;
  /** Told to stop: not ready again for the rest of the process. */
  markStopping(): void;
}

/** A node's readiness; `starting` gives the reason it starts with (without one it is ready at once: tests). */
export function createReadiness(starting?: NotReadyReason): Readiness {
  let state: { status: ReadinessStatus; reason: NotReadyReason } | undefined = starting
    ? { status: READINESS_STATUS.Starting, reason: starting }
    : undefined;
  const isStopping = () => state?.status === READINESS_STATUS.Stopping;
  return {
    notReady: () => state,
    stopping: isStopping,
    startingFor: (reason) => {
      if (!isStopping()) state = { status: READINESS_STATUS.Starting, reason };
    },
    markReady: () => {
      if (!isStopping()) state = undefined;
    },
    markStopping: () => {
      state = { status: READINESS_STATUS.Stopping, reason: NOT_READY_REASON.Shutdown };
    },
  };
}
