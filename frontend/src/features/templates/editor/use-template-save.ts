import type { Template } from '@app/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { type Dispatch, type SetStateAction, useState } from 'react'
import { toast } from '../../../components/ui/toast-store'
import { isApiError } from '../../../lib/api-error'
import { templateQueries, useUpdateTemplate } from '../api/templates'
import type { EditorTab } from './edit-pane'
import { type Changes, changesFrom, type WorkingCopy, workingCopyOf } from './working-copy'

interface TemplateSaveOptions {
  base: Template
  copy: WorkingCopy
  setCopy: Dispatch<SetStateAction<WorkingCopy>>
  clearDraft: (templateId: string) => void
  /** A change that cannot be saved as it stands: the tab to show it on. */
  onProblemTab: (tab: EditorTab) => void
}

/**
 * Saving the working copy onto its base version, and the way out of a version conflict: reload the newest
 * version, or put this copy on top of it.
 */
export function useTemplateSave({ base, copy, setCopy, clearDraft, onProblemTab }: TemplateSaveOptions) {
  const queryClient = useQueryClient()
  const save = useUpdateTemplate(base.id)
  const [conflict, setConflict] = useState<number | 'unknown'>()

  function submit(onto: Template = base) {
    const next = changesFrom(onto, copy)
    const problem = firstProblem(next)
    if (problem) {
      toast.warning(problem.message)
      if (problem.tab) onProblemTab(problem.tab)
      return
    }
    if (Object.keys(next.body).length === 0) {
      toast.info('Nothing to save: this is the saved version.')
      return
    }
    const submitted = copy
    save.mutate(
      { version: onto.version, ...next.body },
      {
        onSuccess: (saved) => {
          clearDraft(saved.id)
          setConflict(undefined)
          // Typing during the save carries on from the new version; otherwise start clean from it.
          setCopy((current) => (current === submitted ? workingCopyOf(saved) : current))
          toast.success(`Saved as version ${saved.version}.`)
        },
        onError: (error) => {
          if (isApiError(error, 'version.conflict')) setConflict(error.details.currentVersion ?? 'unknown')
        },
      },
    )
  }

  async function latestVersion(): Promise<Template> {
    await queryClient.invalidateQueries({ queryKey: templateQueries.detail(base.id).queryKey })
    return queryClient.fetchQuery({ ...templateQueries.detail(base.id), staleTime: 0 })
  }

  return {
    save,
    submit,
    conflict,
    dismissConflict: () => setConflict(undefined),
    /** Drops this copy for the newest version. */
    reload: async () => {
      const latest = await latestVersion()
      setCopy(workingCopyOf(latest))
      clearDraft(latest.id)
      setConflict(undefined)
      save.reset()
    },
    /** Saves this copy on top of the newest version. */
    overwrite: async () => {
      const latest = await latestVersion()
      submit(latest)
    },
  }
}

function firstProblem(changes: Changes): { message: string; tab?: EditorTab } | undefined {
  const { problems } = changes
  if (problems.sampleData) return { message: problems.sampleData, tab: 'samples' }
  if (problems.name) return { message: problems.name, tab: 'details' }
  if (problems.tags) return { message: problems.tags, tab: 'details' }
  if (problems.text) return { message: problems.text, tab: 'text' }
  if (problems.subject) return { message: problems.subject }
  return undefined
}
