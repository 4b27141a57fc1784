import { nowIso } from '../db/table'
import type { NamedItem } from '../db/transact'
import { AppError } from '../errors'
import { getCampaignRecord, saveCampaignRecord } from './campaigns.repo'
import type { CampaignRecord } from './model'

const MAX_ATTEMPTS = 5

/**
 * Read-change-write of one campaign with its version as the condition, tried again when another writer won
 * (the engine and the API both change a campaign). `change` returns the new record, or null to leave it (then
 * the answer is null). Missing campaign: undefined.
 */
export async function changeCampaign(
  orgId: string,
  id: string,
  change: (current: CampaignRecord) => Omit<CampaignRecord, 'version' | 'updatedAt'> | null,
  also: (after: CampaignRecord) => NamedItem[] = () => [],
): Promise<CampaignRecord | null | undefined> {
  for (let attempt = 1; ; attempt++) {
    const current = await getCampaignRecord(orgId, id)
    if (!current) return undefined
    const next = change(current)
    if (!next) return null
    const after: CampaignRecord = { ...next, version: current.version + 1, updatedAt: nowIso() }
    try {
      await saveCampaignRecord(current, after, also(after))
      return after
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'version.conflict') || attempt >= MAX_ATTEMPTS)
        throw error
    }
  }
}
