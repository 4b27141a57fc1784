import type { QueryClient } from '@tanstack/react-query'
import type { ComponentType } from 'react'
import { createBrowserRouter, type LoaderFunction, type RouteObject, redirect } from 'react-router-dom'
import { NotFound, RouteError } from '../components/errors/route-error'
import { FullScreenLoader } from '../components/ui/spinner'
import { publicRoutes } from '../features/marketing/public-routes'
import { chooseLayout, type LayoutName } from './layout-choice'
import { RootLayout } from './root-layout'
import type { PlannedPageName } from './routes/app/planned'

/** What every file under `app/routes` exports. */
export interface RouteModule {
  Component: ComponentType
  /** A loader factory, so loaders can prefetch through the query client. */
  clientLoader?: (queryClient: QueryClient) => LoaderFunction
  ErrorBoundary?: ComponentType
}

type Load = () => Promise<RouteModule>

/** One page: an absolute path and its module (or a plain loader/component for redirects and 404s). */
interface Page {
  path: string
  load?: Load
  loader?: LoaderFunction
  Component?: ComponentType
}

/**
 * Every page is its own chunk: the auth library and the dashboard download only on the routes that use them, so
 * the public site stays light.
 */
function lazyRoute(queryClient: QueryClient, load: Load): RouteObject['lazy'] {
  return async () => {
    const { Component, clientLoader, ErrorBoundary } = await load()
    return {
      Component,
      ErrorBoundary: ErrorBoundary ?? RouteError,
      ...(clientLoader ? { loader: clientLoader(queryClient) } : {}),
    }
  }
}

const planned =
  (name: PlannedPageName): Load =>
  () =>
    import('./routes/app/planned').then(({ plannedPage }) => plannedPage(name))

/** The signed-in and bare frames; the public frame belongs to the public site's own routes. */
const LAYOUT_MODULES: Partial<Record<LayoutName, Load>> = {
  admin: () => import('./routes/app/admin/layout'),
  auth: () => import('./routes/auth/layout'),
  invite: () => import('./routes/invite-layout'),
  onboarding: () => import('./routes/app/onboarding/layout'),
  dashboard: () => import('./routes/app/layout'),
}

/** Pages of the app shell; each is mounted under the layout `chooseLayout` picks for its path. */
const PAGES: readonly Page[] = [
  { path: '/auth', loader: () => redirect('/auth/sign-in') },
  { path: '/auth/sign-in', load: () => import('./routes/auth/sign-in') },
  { path: '/auth/sign-up', load: () => import('./routes/auth/sign-up') },
  { path: '/auth/reset-password', load: () => import('./routes/auth/reset-password') },
  { path: '/auth/verify-email', load: () => import('./routes/auth/verify-email') },
  { path: '/auth/logout', load: () => import('./routes/auth/logout') },
  { path: '/auth/google', load: () => import('./routes/auth/google') },
  { path: '/auth/*', Component: NotFound },
  { path: '/join/*', load: () => import('./routes/join') },
  { path: '/app/admin', load: () => import('./routes/app/admin/index') },
  { path: '/app/admin/*', Component: NotFound },
  { path: '/app/onboarding/plan', load: () => import('./routes/app/onboarding/plan') },
  { path: '/app/onboarding/checkout', load: () => import('./routes/app/onboarding/checkout') },
  {
    path: '/app/onboarding/subscription-canceled',
    load: () => import('./routes/app/onboarding/subscription-canceled'),
  },
  { path: '/app/onboarding/*', loader: () => redirect('/app/onboarding/plan') },
  { path: '/app', load: () => import('./routes/app/home') },
  { path: '/app/settings', load: () => import('./routes/app/settings') },
  { path: '/app/organizations/new', load: () => import('./routes/app/new-organization') },
  { path: '/app/organization/settings', load: () => import('./routes/app/organization-settings') },
  { path: '/app/organization/team', load: planned('team') },
  { path: '/app/organization/billing', load: () => import('./routes/app/billing') },
  { path: '/app/organization/invoices', load: () => import('./routes/app/invoices') },
  // Spec §2: the price-change notice shows in the invite frame (chooseLayout), not the dashboard's.
  { path: '/app/price-change-notice', load: () => import('./routes/app/price-change-notice') },
  { path: '/app/aws-accounts/new', load: () => import('./routes/app/new-aws-account') },
  { path: '/app/templates', load: () => import('./routes/app/templates') },
  { path: '/app/templates/ses', load: () => import('./routes/app/ses-templates') },
  // The editor's code (CodeMirror, mjml-browser) loads only on the gallery and the two editors.
  { path: '/app/templates/new', load: () => import('./routes/app/template-gallery') },
  { path: '/app/templates/:id', load: () => import('./routes/app/template-editor') },
  { path: '/app/blocks', load: () => import('./routes/app/blocks') },
  { path: '/app/blocks/:id', load: () => import('./routes/app/block-editor') },
  { path: '/app/github-sync', load: planned('githubSync') },
  { path: '/app/audience/contacts', load: planned('contacts') },
  { path: '/app/audience/topics', load: planned('topics') },
  { path: '/app/campaigns', load: planned('campaigns') },
  { path: '/app/campaigns/new', load: planned('newCampaign') },
  { path: '/app/aws-account', load: () => import('./routes/app/aws-account-status') },
  { path: '/app/monitoring', load: () => import('./routes/app/monitoring') },
  { path: '/app/email-identities', load: () => import('./routes/app/email-identities') },
  { path: '/app/*', Component: NotFound },
]

/** Groups pages under pathless layout routes, by the one layout rule (spec §2 "Layout choice"). */
export function layoutRoutes(queryClient: QueryClient, pages: readonly Page[] = PAGES): RouteObject[] {
  const byLayout = new Map<LayoutName, RouteObject[]>()
  for (const page of pages) {
    const layout = chooseLayout(page.path)
    const route: RouteObject = {
      path: page.path.slice(1),
      ...(page.load ? { lazy: lazyRoute(queryClient, page.load) } : {}),
      ...(page.loader ? { loader: page.loader } : {}),
      ...(page.Component ? { Component: page.Component } : {}),
    }
    byLayout.set(layout, [...(byLayout.get(layout) ?? []), route])
  }
  return [...byLayout].map(([layout, children]) => {
    const load = LAYOUT_MODULES[layout]
    if (!load) throw new Error(`No ${layout} layout module for ${children.map((c) => c.path).join(', ')}`)
    return { id: `layout-${layout}`, lazy: lazyRoute(queryClient, load), children }
  })
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter([
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: FullScreenLoader,
      children: [
        ...layoutRoutes(queryClient),
        // PUBLIC SITE: the public-site routes mount on the next line (public layout, owned by the public site).
        ...publicRoutes,
      ],
    },
  ])
}
