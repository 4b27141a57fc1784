import type { QueryClient } from '@tanstack/react-query'
import type { ComponentType } from 'react'
import { createBrowserRouter, type LoaderFunction, type RouteObject, redirect } from 'react-router-dom'
import { NotFound, RouteError } from '../components/errors/route-error'
import { FullScreenLoader } from '../components/ui/spinner'
import { RootLayout } from './root-layout'

/** What every file under `app/routes` exports. */
export interface RouteModule {
  Component: ComponentType
  /** A loader factory, so loaders can prefetch through the query client. */
  clientLoader?: (queryClient: QueryClient) => LoaderFunction
  ErrorBoundary?: ComponentType
}

/**
 * Every page is its own chunk: the auth library and the dashboard download only on the routes that use them, so
 * the public site (next issue) stays light.
 */
function lazyRoute(queryClient: QueryClient, load: () => Promise<RouteModule>): RouteObject['lazy'] {
  return async () => {
    const { Component, clientLoader, ErrorBoundary } = await load()
    return {
      Component,
      ErrorBoundary: ErrorBoundary ?? RouteError,
      ...(clientLoader ? { loader: clientLoader(queryClient) } : {}),
    }
  }
}

export function createAppRouter(queryClient: QueryClient) {
  const lazy = (load: () => Promise<RouteModule>) => lazyRoute(queryClient, load)

  return createBrowserRouter([
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: FullScreenLoader,
      children: [
        // The public home page arrives with the public site; until then the front door is the dashboard.
        { index: true, loader: () => redirect('/app') },
        {
          path: 'auth',
          lazy: lazy(() => import('./routes/auth/layout')),
          children: [
            { index: true, loader: () => redirect('/auth/sign-in') },
            { path: 'sign-in', lazy: lazy(() => import('./routes/auth/sign-in')) },
            { path: 'sign-up', lazy: lazy(() => import('./routes/auth/sign-up')) },
            { path: 'reset-password', lazy: lazy(() => import('./routes/auth/reset-password')) },
            { path: 'verify-email', lazy: lazy(() => import('./routes/auth/verify-email')) },
            { path: 'logout', lazy: lazy(() => import('./routes/auth/logout')) },
            { path: 'google', lazy: lazy(() => import('./routes/auth/google')) },
            { path: '*', Component: NotFound },
          ],
        },
        { path: 'join/*', lazy: lazy(() => import('./routes/join')) },
        {
          path: 'app',
          lazy: lazy(() => import('./routes/app/layout')),
          children: [
            { index: true, lazy: lazy(() => import('./routes/app/home')) },
            { path: 'settings', lazy: lazy(() => import('./routes/app/settings')) },
            { path: 'organizations/new', lazy: lazy(() => import('./routes/app/new-organization')) },
            { path: 'organization/settings', lazy: lazy(() => import('./routes/app/organization-settings')) },
            { path: '*', Component: NotFound },
          ],
        },
        { path: '*', Component: NotFound },
      ],
    },
  ])
}
