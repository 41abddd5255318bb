export interface DescribedError {
  name: string;
  message: string;
  stack?: string;
  [property: string]: unknown;
}

export function describeError(err: unknown): DescribedError;
export function reviveError(described: DescribedError): Error;
