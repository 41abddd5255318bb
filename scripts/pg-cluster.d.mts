export function pgBin(): string | undefined;
export function freePort(min: number, max: number): Promise<number>;
export interface Cluster {
  port: number;
  url: string;
  socketUrl: string;
  stop(mode?: 'smart' | 'fast' | 'immediate'): void;
}
export function startCluster(options: {
  bin: string;
  dir: string;
  portMin?: number;
  portMax?: number;
  port?: number;
  stdio?: 'inherit' | 'ignore' | 'pipe';
  durable?: boolean;
}): Promise<Cluster>;
