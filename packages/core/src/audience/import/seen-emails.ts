import { createHash } from 'node:crypto'
import { CONTACTS_MAX } from '@app/contracts'

const EMPTY = 0

/** Whether `count` fingerprints keep a table of `length` numbers (two a slot) at most half full. */
const fits = (count: number, length: number) => count * 2 <= length / 2

/**
 * The emails an import has met so far, to find duplicates inside a file: 8 bytes per email (the first 64 bits of
 * its SHA-256) in an open-addressed table, so a 1,000,000-row file holds ~16 MB, not its emails. Two different
 * emails share a fingerprint with odds ~n²/2⁶⁵ (3·10⁻⁸ at a million rows). It holds at most `capacity` emails
 * (an organization's most contacts by default: a file naming more cannot be imported whole anyway), so its memory
 * is bounded whatever the file's size (16 MB at most). What was added since the last checkpoint is handed out as
 * bytes (`takeAdded`) so a resumed run rebuilds the set (`addAll`).
 */
export class SeenEmails {
  private table = new Uint32Array(2 * 1024)
  private used = 0
  private added: number[] = []

  constructor(private readonly capacity = CONTACTS_MAX) {}

  get size(): number {
    return this.used
  }

  /** `new` when the email was not seen (now recorded), `repeat` when it was, `full` when new but over capacity. */
  add(email: string): 'new' | 'repeat' | 'full' {
    const digest = createHash('sha256').update(email).digest()
    // 0/0 marks an empty slot: a fingerprint of all zeros is nudged to 0/1.
    const high = digest.readUInt32BE(0)
    const low = digest.readUInt32BE(4) || (high === 0 ? 1 : 0)
    if (this.used >= this.capacity) return this.isEmpty(this.slotOf(high, low)) ? 'full' : 'repeat'
    if (!this.insert(high, low)) return 'repeat'
    this.added.push(high, low)
    return 'new'
  }

  /** The fingerprints added since the last call, 8 bytes each. */
  takeAdded(): Buffer {
    const bytes = Buffer.alloc(this.added.length * 4)
    for (const [index, value] of this.added.entries()) bytes.writeUInt32BE(value, index * 4)
    this.added = []
    return bytes
  }

  /**
   * Sizes the table for `count` emails (at most the capacity) at once: a resumed import rebuilding a million
   * fingerprints allocates one table, not every size on the way.
   */
  reserve(count: number): void {
    let length = this.table.length
    while (!fits(Math.min(count, this.capacity), length)) length *= 2
    if (length > this.table.length) this.resize(length)
  }

  /** Fingerprints from `takeAdded`, put back (a resumed import). */
  addAll(bytes: Uint8Array): void {
    const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    for (let offset = 0; offset + 8 <= view.length; offset += 8)
      this.insert(view.readUInt32BE(offset), view.readUInt32BE(offset + 4))
  }

  private isEmpty(at: number): boolean {
    return this.table[at] === EMPTY && this.table[at + 1] === EMPTY
  }

  /** Where this fingerprint is in the table, or the empty slot where it would go. */
  private slotOf(high: number, low: number): number {
    const slots = this.table.length / 2
    let slot = (high ^ Math.imul(low, 0x9e3779b1)) >>> 0
    for (;;) {
      slot %= slots
      const at = slot * 2
      if (this.isEmpty(at) || (this.table[at] === high && this.table[at + 1] === low)) return at
      slot += 1
    }
  }

  /** Records a fingerprint; false when it was there already. */
  private insert(high: number, low: number): boolean {
    if (!fits(this.used + 1, this.table.length)) this.resize(this.table.length * 2)
    const at = this.slotOf(high, low)
    if (!this.isEmpty(at)) return false
    this.table[at] = high
    this.table[at + 1] = low
    this.used += 1
    return true
  }

  private resize(length: number): void {
    const old = this.table
    this.table = new Uint32Array(length)
    this.used = 0
    for (let at = 0; at < old.length; at += 2)
      if (old[at] !== EMPTY || old[at + 1] !== EMPTY) this.insert(old[at] ?? 0, old[at + 1] ?? 0)
  }
}
