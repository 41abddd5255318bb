// The checker ships no types: what the structured-data spec uses of it.
declare module 'structured-data-testing-tool' {
  export interface Check {
    test: string;
    expect?: unknown;
    type?: string;
    description?: string;
    error?: { message: string };
  }
  export interface Result {
    passed: Check[];
    failed: Check[];
    structuredData: {
      jsonld: Record<string, Array<Record<string, unknown>>>;
      metatags: Record<string, string[]>;
    };
  }
  export function structuredDataTest(
    html: string,
    options: { presets?: object[]; tests?: Check[]; schemas?: string[] },
  ): Promise<Result>;
}
declare module 'structured-data-testing-tool/presets.js' {
  const presets: { Google: object; SocialMedia: object };
  export default presets;
}
