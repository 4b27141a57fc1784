import { deleteLedgerShard } from '../../../packages/core/src/campaigns/sending/ledger.repo'

export const handler = (pk: string) => deleteLedgerShard(pk)
