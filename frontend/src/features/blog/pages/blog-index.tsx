import { Link } from 'react-router-dom'
import marketing from '../../marketing/components/marketing.module.css'
import { usePageMeta } from '../../marketing/use-page-meta'
import { BLOG_POSTS } from '../blog-posts'
import { formatPostDate } from '../posts'
import styles from './blog.module.css'

export function Component() {
  usePageMeta(
    'Blog',
    'Guides to Amazon SES from the SES Studio team: the sandbox, templates, deliverability and campaigns.',
  )
  return (
    <>
      <section className={marketing.hero} aria-labelledby="page-title">
        <p className={marketing.eyebrow}>Blog</p>
        <h1 id="page-title" className={marketing.title}>
          Guides to Amazon SES
        </h1>
        <p className={marketing.lead}>
          Practical notes on sending email with SES: getting out of the sandbox, templates, deliverability and
          campaigns.
        </p>
      </section>
      <ul className={styles.list}>
        {BLOG_POSTS.map((post) => (
          <li key={post.slug} className={styles.item}>
            <article>
              <p className={marketing.meta}>
                <time dateTime={post.date}>{formatPostDate(post.date)}</time>
              </p>
              <h2 className={styles.postTitle}>
                <Link to={`/blog/${post.slug}`}>{post.title}</Link>
              </h2>
              <p className={styles.description}>{post.description}</p>
            </article>
          </li>
        ))}
      </ul>
    </>
  )
}
