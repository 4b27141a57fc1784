import {
  type ErrorIssue,
  parseBlockFragment,
  parseVisualDocument,
  referencedBlockIds,
  type TemplateEditorType,
  type VisualBlock,
} from '@app/contracts'
import type { ResolveInclude } from '@app/email'
import * as Repo from './blocks.repo'

export interface BlockResolvers {
  resolveBlock: (blockId: string) => VisualBlock[] | undefined
  resolveInclude: ResolveInclude
  /** VISUAL: references to blocks of another editor type (compile would only call them missing). */
  wrongType: ErrorIssue[]
}

/**
 * What compile needs to compose the organization's own blocks into a template: a block of another organization,
 * a deleted one or one being deleted is not found.
 */
export async function blockResolvers(
  orgId: string | undefined,
  editorType: TemplateEditorType,
  source: string,
): Promise<BlockResolvers> {
  const ids = referencedBlockIds(editorType, source)
  const found = orgId && ids.length ? await Repo.getBlocks(orgId, ids) : new Map<string, Repo.BlockRecord>()
  const usable = (id: string) => {
    const block = found.get(id)
    return block && !block.deleting ? block : undefined
  }
  const wrongType: ErrorIssue[] = []
  if (editorType === 'VISUAL') {
    const parsed = parseVisualDocument(source)
    if (parsed.ok) {
      parsed.document.blocks.forEach((block, index) => {
        if (block.type !== 'blockRef') return
        const target = usable(block.blockId)
        if (target && target.editorType !== 'VISUAL') {
          wrongType.push({
            message: `The reusable block '${target.name}' is a ${target.editorType} block; a VISUAL template uses only VISUAL blocks.`,
            rule: 'visual.invalid',
            part: 'html',
            path: `blocks.${index}`,
            blockId: block.id,
          })
        }
      })
    }
  }
  return {
    resolveBlock: (id) => {
      const block = usable(id)
      if (block?.editorType !== 'VISUAL') return undefined
      const parsed = parseBlockFragment(block.source)
      return parsed.ok ? parsed.fragment.blocks : undefined
    },
    resolveInclude: (id) => {
      const block = usable(id)
      return block ? { editorType: block.editorType, source: block.source } : undefined
    },
    wrongType,
  }
}
