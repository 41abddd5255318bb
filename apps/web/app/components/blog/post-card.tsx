import type { BlogPostCard } from '@vitrin/shared/api/blog';
import { useTranslation } from '../../i18n/index.ts';
import { AppLink } from '../app-link.tsx';
import { ResponsiveImage } from '../responsive-image.tsx';
import { PostMeta } from './post-meta.tsx';

export const postPath = (post: { id: number }) => `/blog-details/${post.id}`;

const COVER_WIDTHS = [320, 480, 640, 800, 1200] as const;

/** A post as a card: cover, category, title (the link), date and reading time. */
export function BlogCard({
  post,
  priority = false,
  headingLevel = 2,
  sizes = '(min-width: 1280px) 400px, (min-width: 768px) 45vw, 100vw',
}: {
  post: BlogPostCard;
  priority?: boolean;
  headingLevel?: 2 | 3;
  sizes?: string;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-sand-200 bg-white"
      data-testid="blog-card"
    >
      {/* A post without a cover shows none: no grey placeholder. */}
      {post.coverImage && (
        <div className="aspect-[16/9] overflow-hidden bg-sand-100">
          <ResponsiveImage
            path={post.coverImage}
            alt=""
            width={640}
            height={360}
            sizes={sizes}
            widths={COVER_WIDTHS}
            priority={priority}
            className="h-full w-full object-cover transition group-hover:scale-105"
          />
        </div>
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        {post.category && (
          <p className="text-xs font-semibold uppercase tracking-wide text-clay-700">{post.category.name}</p>
        )}
        <Heading className="text-lg font-semibold leading-snug text-ink-900">
          {/* The whole card is the link's target area; the title stays the accessible name. */}
          <AppLink to={postPath(post)} className="after:absolute after:inset-0 hover:underline">
            {post.title}
          </AppLink>
        </Heading>
        <div className="mt-auto">
          <PostMeta post={post} />
        </div>
      </div>
    </article>
  );
}

/** A post as a row: cover beside title, author, date, reading time, excerpt and a read-more link. */
export function BlogListItem({ post, priority = false }: { post: BlogPostCard; priority?: boolean }) {
  const { t } = useTranslation();
  return (
    <article
      className={`grid gap-4 rounded-xl border border-sand-200 bg-white p-4 ${post.coverImage ? 'sm:grid-cols-[16rem_1fr]' : ''}`}
      data-testid="blog-card"
    >
      {post.coverImage && (
        <div className="aspect-[16/9] overflow-hidden rounded-lg bg-sand-100">
          <ResponsiveImage
            path={post.coverImage}
            alt=""
            width={480}
            height={270}
            sizes="(min-width: 640px) 256px, 100vw"
            widths={COVER_WIDTHS}
            priority={priority}
            className="h-full w-full object-cover"
          />
        </div>
      )}
      <div className="flex flex-col gap-2">
        {post.category && (
          <p className="text-xs font-semibold uppercase tracking-wide text-clay-700">{post.category.name}</p>
        )}
        <h2 className="text-xl font-semibold text-ink-900">
          <AppLink to={postPath(post)} className="hover:underline">
            {post.title}
          </AppLink>
        </h2>
        <PostMeta post={post} author />
        <p className="text-ink-700">{post.excerpt}</p>
        <AppLink
          to={postPath(post)}
          className="mt-auto self-start font-medium text-clay-700 underline underline-offset-4"
          aria-label={t('blog.readMoreAbout', { title: post.title })}
        >
          {t('blog.readMore')}
        </AppLink>
      </div>
    </article>
  );
}
