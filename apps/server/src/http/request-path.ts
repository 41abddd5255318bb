/** The path of a request target without its query string (Fastify's `request.url` keeps the query). */
export function pathOf(url: string): string {
  return url.split('?', 1)[0] ?? '';
}
