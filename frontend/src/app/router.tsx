import type { QueryClient } from '@tanstack/react-query'
import type { ComponentType } from 'react'
import { createBrowserRouter, type LoaderFunction, type RouteObject, redirect } from 'react-router-dom'
import { NotFound, RouteError } from '../components/errors/route-error'
import { FullScreenLoader } from '../components/ui/spinner'
import { publicRoutes } from '../features/marketing/public-routes'
import { paths } from '../lib/paths'
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
  centred: () => import('./routes/centred-layout'),
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
  // Public: the signed unsubscribe link's page (its chunk never loads the auth library).
  { path: '/unsubscribe', load: () => import('./routes/unsubscribe') },
  { path: '/subscribe/confirm', load: () => import('./routes/subscribe-confirm') },
  { path: '/subscribe/:organizationId/:topicId', load: () => import('./routes/subscribe') },
  { path: paths.admin(), load: () => import('./routes/app/admin/index') },
  { path: `${paths.admin()}/*`, Component: NotFound },
  { path: paths.onboardingPlan(), load: () => import('./routes/app/onboarding/plan') },
  { path: paths.onboardingCheckout(), load: () => import('./routes/app/onboarding/checkout') },
  {
    path: paths.subscriptionCanceled(),
    load: () => import('./routes/app/onboarding/subscription-canceled'),
  },
  { path: `${paths.dashboard()}/onboarding/*`, loader: () => redirect(paths.onboardingPlan()) },
  { path: paths.dashboard(), load: () => import('./routes/app/home') },
  { path: paths.settings(), load: () => import('./routes/app/settings') },
  { path: paths.newOrganization(), load: () => import('./routes/app/new-organization') },
  { path: paths.organizationSettings(), load: () => import('./routes/app/organization-settings') },
  { path: paths.organizationTeam(), load: () => import('./routes/app/team') },
  { path: paths.apiKeys(), load: () => import('./routes/app/api-keys') },
  { path: paths.webhooks(), load: () => import('./routes/app/webhooks') },
  { path: paths.auditLog(), load: () => import('./routes/app/audit-log') },
  { path: paths.billing(), load: () => import('./routes/app/billing') },
  { path: paths.invoices(), load: () => import('./routes/app/invoices') },
  // Spec §2: the price-change notice shows in the invite frame (chooseLayout), not the dashboard's.
  { path: paths.priceChangeNotice(), load: () => import('./routes/app/price-change-notice') },
  { path: paths.newAwsAccount(), load: () => import('./routes/app/new-aws-account') },
  { path: paths.templates(), load: () => import('./routes/app/templates') },
  { path: paths.templatesSes(), load: () => import('./routes/app/ses-templates') },
  // The editor's code (CodeMirror, mjml-browser) loads only on the gallery and the two editors.
  { path: paths.newTemplate(), load: () => import('./routes/app/template-gallery') },
  { path: paths.template(':id'), load: () => import('./routes/app/template-editor') },
  { path: paths.blocks(), load: () => import('./routes/app/blocks') },
  { path: paths.block(':id'), load: () => import('./routes/app/block-editor') },
  { path: paths.githubSync(), load: planned('githubSync') },
  { path: paths.contacts(), load: () => import('./routes/app/contacts') },
  { path: paths.contactsImport(), load: () => import('./routes/app/contact-import') },
  { path: paths.contact(':id'), load: () => import('./routes/app/contact') },
  { path: paths.topics(), load: () => import('./routes/app/topics') },
  { path: paths.campaigns(), load: () => import('./routes/app/campaigns') },
  // The flow's code (the email renderer for the preview) loads only on the flow and a campaign's page.
  { path: paths.newCampaign(), load: () => import('./routes/app/new-campaign') },
  { path: paths.compareCampaigns(), load: () => import('./routes/app/campaign-compare') },
  { path: paths.campaign(':id'), load: () => import('./routes/app/campaign') },
  { path: paths.awsAccount(), load: () => import('./routes/app/aws-account-status') },
  { path: paths.monitoring(), load: () => import('./routes/app/monitoring') },
  { path: paths.emailIdentities(), load: () => import('./routes/app/email-identities') },
  { path: `${paths.dashboard()}/*`, Component: NotFound },
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
