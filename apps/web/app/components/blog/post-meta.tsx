import type { BlogPostCard } from '@vitrin/shared/api/blog';
import { formatDate } from '@vitrin/shared/dates';
import { useTranslation } from '../../i18n/index.ts';

/** Date · reading time (and the author when asked), as one line under a title. */
export function PostMeta({ post, author = false }: { post: BlogPostCard; author?: boolean }) {
  const { t } = useTranslation();
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-ink-600">
      {author && (
        <>
          <span>{t('blog.by', { author: post.author })}</span>
          <span aria-hidden="true">·</span>
        </>
      )}
      <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
      <span aria-hidden="true">·</span>
      <span>{t('blog.readingTime', { minutes: post.readingMinutes })}</span>
    </p>
  );
}
