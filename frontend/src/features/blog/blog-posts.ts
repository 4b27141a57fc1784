import { type BlogPost, collectPosts } from './posts'

// Bundled with the blog's chunk: the posts are part of the site, so no fetch and no loading state.
const files = import.meta.glob<string>('./posts/*.md', { query: '?raw', import: 'default', eager: true })

export const BLOG_POSTS: readonly BlogPost[] = collectPosts(files)

export function findPost(slug: string | undefined): BlogPost | undefined {
  return BLOG_POSTS.find((post) => post.slug === slug)
}
