export const SERVER_ENTRY: string;
export function serveNodeArgs(): string[];
export function serveEnv(): Record<string, string>;
