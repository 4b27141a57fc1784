import { deleteLedgerShard } from './sending/ledger.repo'

export const purgeCampaign = (pk: string) => deleteLedgerShard(pk)
