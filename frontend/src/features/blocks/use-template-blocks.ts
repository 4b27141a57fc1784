import {
  lowestTierFor,
  type OrganizationSummary,
  planUnlocks,
  type TemplateEditorType,
  TIERS,
} from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { ReusableBlocks } from '../templates/visual/reusable-blocks'
import { blockQueries } from './api/blocks'
import { useReferencedBlocks } from './use-referenced-blocks'

/**
 * What a template editor knows of the organization's reusable blocks: those of the template's editor type (for
 * the palette or the include picker) and the ones its source references, with their source (for the preview).
 */
export function useTemplateBlocks(
  organization: OrganizationSummary,
  editorType: TemplateEditorType,
  source: string,
): ReusableBlocks {
  const unlocked = planUnlocks(organization.plan, 'reusableBlocks')
  const list = useQuery({ ...blockQueries.list(organization.id, editorType), enabled: unlocked })
  const loaded = useReferencedBlocks(organization.id, editorType, source)
  const key = JSON.stringify(loaded)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the loaded blocks' content
  return useMemo(
    (): ReusableBlocks => ({
      status: !unlocked ? 'locked' : list.data ? 'ready' : list.error ? 'error' : 'loading',
      lockedUntil: unlocked ? undefined : TIERS[lowestTierFor('reusableBlocks')].name,
      available: list.data ?? [],
      loaded,
    }),
    [unlocked, list.data, list.error, key],
  )
}
