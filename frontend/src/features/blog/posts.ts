export interface BlogPost {
  slug: string
  title: string
  description: string
  /** ISO date, YYYY-MM-DD. */
  date: string
  author: string
  /** Markdown after the front matter. */
  body: string
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/
const REQUIRED = ['title', 'description', 'date', 'author'] as const

/** Reads a post: `key: value` front matter between `---` lines, then Markdown. The slug is the file name. */
export function parsePost(slug: string, raw: string): BlogPost {
  const match = FRONT_MATTER.exec(raw)
  if (!match) throw new Error(`blog post ${slug} has no front matter`)
  const fields: Record<string, string> = {}
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    const separator = line.indexOf(':')
    if (separator <= 0) continue
    fields[line.slice(0, separator).trim()] = line
      .slice(separator + 1)
      .trim()
      .replace(/^(['"])(.*)\1$/, '$2')
  }
  for (const key of REQUIRED) {
    if (!fields[key]) throw new Error(`blog post ${slug} lacks "${key}" in its front matter`)
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(fields.date ?? ''))
    throw new Error(`blog post ${slug}: date must be YYYY-MM-DD`)
  return {
    slug,
    title: fields.title ?? '',
    description: fields.description ?? '',
    date: fields.date ?? '',
    author: fields.author ?? '',
    body: raw.slice(match[0].length).trim(),
  }
}

/** Posts newest first, from `{ './posts/<slug>.md': raw }` as `import.meta.glob` returns them. */
export function collectPosts(files: Record<string, string>): BlogPost[] {
  return Object.entries(files)
    .map(([path, raw]) => parsePost(path.replace(/^.*\//, '').replace(/\.md$/, ''), raw))
    .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug))
}

export function formatPostDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  })
}
