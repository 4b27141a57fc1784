import { referencedBlockIds, type TemplateEditorType } from '@app/contracts'
import { useQueries } from '@tanstack/react-query'
import { useMemo } from 'react'
import { blockQueries } from './api/blocks'

export type LoadedBlocks = Record<string, { editorType: TemplateEditorType; source: string; name: string }>

/**
 * The reusable blocks a template's source references (VISUAL block references, MJML/HTML include tags), loaded
 * for the preview and the canvas; one that cannot be loaded is left out, so compile reports it as on save.
 */
export function useReferencedBlocks(
  organizationId: string,
  editorType: TemplateEditorType,
  source: string,
): LoadedBlocks {
  const ids = useMemo(() => referencedBlockIds(editorType, source), [editorType, source])
  return useQueries({
    queries: ids.map((id) => ({ ...blockQueries.detail(organizationId, id), retry: false })),
    combine: (results) => {
      const loaded: LoadedBlocks = {}
      for (const { data } of results) {
        if (data) loaded[data.id] = { editorType: data.editorType, source: data.source, name: data.name }
      }
      return loaded
    },
  })
}
