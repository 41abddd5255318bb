export const CHROMIUM: string;
export const CHROMIUM_FLAGS: string[];
export function ensureChromium(): Promise<boolean>;
