import type { BlogPostCard } from '@vitrin/shared/api/blog';
import { useTranslation } from '../../i18n/index.ts';
import { AppLink } from '../app-link.tsx';
import { BlogCard } from './post-card.tsx';

/** The home page's "Blogdan" shelf: the newest posts and a link to the blog. */
export function HomeBlogSection({ posts }: { posts: BlogPostCard[] }) {
  const { t } = useTranslation();
  if (!posts.length) return null;
  return (
    <section aria-labelledby="blog-title" className="mx-auto max-w-7xl px-4 pt-16" data-testid="home-blog">
      <div className="mb-6 flex items-end justify-between gap-4">
        <h2 id="blog-title" className="text-2xl font-semibold text-ink-900">
          {t('blog.homeTitle')}
        </h2>
        <AppLink to="/blog" className="font-medium text-clay-700 underline underline-offset-4">
          {t('blog.homeAll')}
        </AppLink>
      </div>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {posts.map((post) => (
          <li key={post.id}>
            <BlogCard
              post={post}
              headingLevel={3}
              sizes="(min-width: 1280px) 400px, (min-width: 640px) 48vw, 100vw"
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
