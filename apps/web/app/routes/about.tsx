import { ContentArticle, contentCacheHeaders, contentMeta } from '../components/content-article.tsx';
import { notFound } from '../lib/route-params.server.ts';
import type { RootData } from '../lib/use-home.ts';
import type { Route } from './+types/about';

/** The corporate "Hakkımızda" page. */
export const ABOUT_SLUG = 'hakkimizda';

export const meta: Route.MetaFunction = ({ data, matches }) =>
  contentMeta(data?.page, (matches[0]?.data as RootData | undefined)?.home.global_setting.brand_name);

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await context.page(ABOUT_SLUG);
  if (!page) notFound(request);
  return { page };
}

export const headers: Route.HeadersFunction = () => contentCacheHeaders;

export default function AboutRoute({ loaderData }: Route.ComponentProps) {
  return <ContentArticle page={loaderData.page} />;
}
