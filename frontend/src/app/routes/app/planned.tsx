import { COMING_SOON_LABEL, type Feature, type Offering } from '@app/contracts'
import { useSuspenseQuery } from '@tanstack/react-query'
import styles from '../../../components/layouts/page.module.css'
import { ButtonLink } from '../../../components/ui/button'
import { selectedOrganizationOf } from '../../../features/account/account-state'
import { accountQueries } from '../../../features/account/api/account'
import type { RouteModule } from '../../router'
import { lockedUntil } from '../../shell/navigation'

interface PlannedPage {
  title: string
  /** What the page will do, in one or two sentences. */
  purpose: string
  /** What the user can do meanwhile (only real, working pages). */
  meanwhile?: { label: string; to: string }
  feature?: Feature
  /** What the plans sell that this page will offer (contracts' COMING_SOON marks it until it lands). */
  offering: Offering
}

/**
 * Pages whose features arrive in later releases. Each says honestly what it will do: no sample data, no buttons
 * that do nothing.
 */
export const PLANNED_PAGES = {
  githubSync: {
    offering: 'githubSync',
    title: 'Github sync',
    purpose: 'Keep your templates in a GitHub repository and push changes to SES from there.',
    feature: 'githubSync',
  },
} satisfies Record<string, PlannedPage>

export type PlannedPageName = keyof typeof PLANNED_PAGES

function PlannedPageView({ page }: { page: PlannedPage }) {
  const { data: account } = useSuspenseQuery(accountQueries.current())
  const tier = lockedUntil(selectedOrganizationOf(account)?.plan, page.feature)
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>{page.title}</h1>
        <p className={styles.lead}>{page.purpose}</p>
      </header>
      <section className={styles.empty} aria-label={COMING_SOON_LABEL}>
        <p className={styles.emptyTitle}>{COMING_SOON_LABEL}</p>
        <p>
          This page arrives in an upcoming release of SES Studio. Nothing is stored here yet, and nothing is
          missing from your account.
        </p>
        {tier && <p>It will need the {tier} plan or higher.</p>}
        {page.meanwhile && (
          <div>
            <ButtonLink to={page.meanwhile.to} variant="secondary" size="small">
              {page.meanwhile.label}
            </ButtonLink>
          </div>
        )}
      </section>
    </div>
  )
}

/** The route module for one planned page. */
export function plannedPage(name: PlannedPageName): RouteModule {
  const page: PlannedPage = PLANNED_PAGES[name]
  // Created once per route when its chunk loads, so the component's identity is stable.
  return { Component: () => <PlannedPageView page={page} /> }
}
