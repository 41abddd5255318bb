import { BlogTermsPage } from './blog-categories-page.tsx';

/** `/blog/etiketler`: the blog's tags, added, renamed, deleted. */
export const BlogTagsPage = () => <BlogTermsPage kind="tags" />;
