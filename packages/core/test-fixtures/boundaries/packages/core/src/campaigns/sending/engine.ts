import { deleteLedgerShard } from './ledger.repo'

export const forgetRecipient = (pk: string) => deleteLedgerShard(pk)
