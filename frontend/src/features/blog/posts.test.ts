import { describe, expect, it } from 'vitest'
import { BLOG_POSTS } from './blog-posts'
import { collectPosts, formatPostDate, parsePost } from './posts'

const POST = `---
title: "Leaving the sandback: a guide"
description: How to do it
date: 2026-11-20
author: SES Studio team
---

# Body

Text.`

describe('blog posts', () => {
  it('reads front matter, quoted or not, and keeps colons inside values', () => {
    expect(parsePost('leaving', POST)).toEqual({
      slug: 'leaving',
      title: 'Leaving the sandback: a guide',
      description: 'How to do it',
      date: '2026-11-20',
      author: 'SES Studio team',
      body: '# Body\n\nText.',
    })
  })

  it('refuses a post without front matter, a required field or a valid date', () => {
    expect(() => parsePost('x', '# Title')).toThrow(/front matter/)
    expect(() => parsePost('x', POST.replace('author: SES Studio team\n', ''))).toThrow(/author/)
    expect(() => parsePost('x', POST.replace('2026-11-20', 'last week'))).toThrow(/date/)
  })

  it('sorts newest first and takes the slug from the file name', () => {
    const older = POST.replace('2026-11-20', '2025-01-02')
    const posts = collectPosts({ './posts/older.md': older, './posts/newer.md': POST })
    expect(posts.map((post) => post.slug)).toEqual(['newer', 'older'])
  })

  it('formats dates without drifting a day across time zones', () => {
    expect(formatPostDate('2026-11-20')).toBe('November 20, 2026')
  })

  it('every shipped post parses and has a substantial body', () => {
    const posts = BLOG_POSTS
    expect(posts.length).toBeGreaterThan(0)
    for (const post of posts) {
      expect(post.slug).toMatch(/^[a-z0-9-]+$/)
      expect(post.body.split(/\s+/).length).toBeGreaterThan(300)
    }
  })
})
