export const SERVER_ENTRY: string;
export function serveNodeArgs(): string[];
