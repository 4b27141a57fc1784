import type { RouteObject } from 'react-router-dom'
import { RouteError } from '../../components/errors/route-error'

/**
 * The public website (spec §2), mounted by the app router. Layout and every page are lazy chunks, so the
 * entry stays small and the public pages never download the auth library or dashboard code.
 */
const pages: RouteObject[] = [
  { index: true, lazy: () => import('./pages/home') },
  { path: 'template-manager', lazy: () => import('./pages/template-manager') },
  { path: 'contact-list', lazy: () => import('./pages/contact-list') },
  { path: 'email-campaigns', lazy: () => import('./pages/email-campaigns') },
  { path: 'marketing-campaigns', lazy: () => import('./pages/marketing-campaigns') },
  { path: 'transactional-emails', lazy: () => import('./pages/transactional-emails') },
  { path: 'pricing', lazy: () => import('./pages/pricing') },
  { path: 'blog', lazy: () => import('../blog/pages/blog-index') },
  { path: 'blog/:slug', lazy: () => import('../blog/pages/blog-article') },
  { path: 'terms', lazy: () => import('./pages/terms') },
  { path: 'privacy-policy', lazy: () => import('./pages/privacy-policy') },
  { path: 'docs/api', lazy: () => import('../api-docs/api-docs-page') },
  // Every other address outside /app and /auth: a 404 with the site around it.
  { path: '*', lazy: () => import('./pages/not-found') },
]

export const publicRoutes: RouteObject[] = [
  {
    id: 'public',
    lazy: async () => ({ Component: (await import('./components/public-layout')).PublicLayout }),
    // A failing page keeps the site's header and footer around its error.
    children: pages.map((page) => ({ ...page, ErrorBoundary: RouteError })),
  },
]
