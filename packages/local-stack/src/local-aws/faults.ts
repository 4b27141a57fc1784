export interface FaultRule {
  /** Only calls by (or, for AssumeRole, into) this account; any account when unset. */
  accountId?: string
  /** Only calls to this service (`ses`, `sts`, `kms`, `sns`); any service when unset. */
  service?: string
  /** `GetAccount`, `ses:GetAccount`, `sts:AssumeRole`, `kms:Decrypt`; any operation when unset. */
  operation?: string
  /** The error code to answer with (`TooManyRequestsException`, `InternalFailure`, …). */
  error: string
  message?: string
  /** HTTP status; AWS's usual one for the code when unset. */
  status?: number
  /** How many matching calls fail (default 1). */
  count?: number
  /** Wait this long before answering (a slow AWS). */
  delayMs?: number
  /**
   * Accept, then lose the answer: the call is carried out (SES accepts the send, delivers it and publishes its
   * events) and only then does the caller get the error — the case no client can tell from a failed call.
   */
  after?: boolean
  /** Answer nothing: the connection is closed (the caller sees a network error, as after a timeout). */
  reset?: boolean
}

export interface ArmedFault extends Required<Pick<FaultRule, 'error' | 'count'>> {
  id: number
  accountId?: string
  service?: string
  operation?: string
  message?: string
  status?: number
  delayMs?: number
  after?: boolean
  reset?: boolean
}

/** Faults armed by tests (`POST /_local-aws/faults`), consumed by the calls they match, in order. */
export class Faults {
  private armed: ArmedFault[] = []
  private nextId = 1

  arm(rule: FaultRule): ArmedFault {
    const fault: ArmedFault = { ...rule, count: rule.count ?? 1, id: this.nextId++ }
    this.armed.push(fault)
    return fault
  }

  list(): ArmedFault[] {
    return this.armed.map((fault) => ({ ...fault }))
  }

  clear(accountId?: string): void {
    this.armed = accountId ? this.armed.filter((fault) => fault.accountId !== accountId) : []
  }

  /**
   * The first armed fault matching the call, counted down (and dropped when used up): `after` takes the faults
   * that strike once the call was carried out, otherwise those that strike before.
   */
  take(accountIds: string[], service: string, operation: string, after = false): ArmedFault | undefined {
    const fault = this.armed.find(
      (candidate) =>
        (candidate.after === true) === after &&
        (!candidate.accountId || accountIds.includes(candidate.accountId)) &&
        (!candidate.service || candidate.service === service) &&
        (!candidate.operation ||
          candidate.operation === operation ||
          candidate.operation.toLowerCase() === `${service}:${operation}`.toLowerCase()),
    )
    if (!fault) return undefined
    fault.count -= 1
    if (fault.count <= 0) this.armed = this.armed.filter((candidate) => candidate !== fault)
    return fault
  }
}
