import { Link, useParams } from 'react-router-dom'
import { ButtonLink } from '../../../components/ui/button'
import { Markdown } from '../../../components/ui/markdown'
import marketing from '../../marketing/components/marketing.module.css'
import { usePageMeta } from '../../marketing/use-page-meta'
import { findPost } from '../blog-posts'
import { formatPostDate } from '../posts'
import styles from './blog.module.css'

function MissingPost() {
  return (
    <section className={marketing.hero} aria-labelledby="page-title">
      <p className={marketing.eyebrow}>404</p>
      <h1 id="page-title" className={marketing.title}>
        Article not found
      </h1>
      <p className={marketing.lead}>This article does not exist or has moved.</p>
      <ButtonLink to="/blog">All articles</ButtonLink>
    </section>
  )
}

export function Component() {
  const post = findPost(useParams().slug)
  usePageMeta(
    post?.title ?? 'Article not found',
    post?.description ?? 'This article does not exist or has moved.',
  )
  if (!post) return <MissingPost />
  return (
    <article className={marketing.prose} aria-labelledby="page-title">
      <p className={styles.back}>
        <Link to="/blog">← All articles</Link>
      </p>
      <h1 id="page-title">{post.title}</h1>
      <p className={marketing.meta}>
        <time dateTime={post.date}>{formatPostDate(post.date)}</time> · {post.author}
      </p>
      <Markdown source={post.body} className={styles.body} />
    </article>
  )
}
