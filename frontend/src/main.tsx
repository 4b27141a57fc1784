import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { AppProviders } from './app/providers'
import { createAppRouter } from './app/router'
import { createQueryClient } from './lib/query-client'
import './styles/global.css'

// Created once, outside React: StrictMode's double rendering must not start a second router (and its loaders).
const queryClient = createQueryClient()
const router = createAppRouter(queryClient)

const container = document.getElementById('root')
if (!container) throw new Error('index.html lacks the #root element')
createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient} router={router} />
  </StrictMode>,
)

// Spec §9: only with a DSN in /app-config.json; a separate chunk, so neither the SDK nor the config schema weighs
// on the first page.
void import('./lib/monitoring').then(({ startMonitoringFromAppConfig }) => startMonitoringFromAppConfig())
