import { deleteLedgerShard } from '../campaigns/sending/ledger.repo'

export const reachIntoCampaigns = (pk: string) => deleteLedgerShard(pk)
