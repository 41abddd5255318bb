import { redirect } from 'react-router';
import { ContentArticle, contentCacheHeaders, contentMeta } from '../components/content-article.tsx';
import { notFound, param, parseParams } from '../lib/route-params.server.ts';
import type { RootData } from '../lib/use-home.ts';
import type { Route } from './+types/content';

export const meta: Route.MetaFunction = ({ data, matches }) =>
  contentMeta(data?.page, (matches[0]?.data as RootData | undefined)?.home.global_setting.brand_name);

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { slug } = parseParams({ params, request }, { slug: param.slug });
  const page = await context.page(slug);
  if (!page) {
    // A page whose slug changed: its old address moves for good (looked up only on a miss).
    const movedTo = await context.pageMovedTo(slug);
    if (movedTo) throw redirect(`/content/${movedTo}`, 301);
    notFound(request);
  }
  return { page };
}

export const headers: Route.HeadersFunction = () => contentCacheHeaders;

export default function ContentRoute({ loaderData }: Route.ComponentProps) {
  return <ContentArticle page={loaderData.page} />;
}
