import { describe, expect, it } from 'vitest'
import { Lifecycle } from './lifecycle'

describe('Lifecycle', () => {
  it('stops parts in reverse order of starting', async () => {
    const stopped: string[] = []
    const lifecycle = new Lifecycle(() => {})
    for (const name of ['dynamodb', 'cognito', 'gateway'])
      lifecycle.own({ stop: () => void stopped.push(name) })
    await lifecycle.stop()
    expect(stopped).toEqual(['gateway', 'cognito', 'dynamodb'])
  })

  it('stops a part that finishes starting after the stack was stopped', async () => {
    const lifecycle = new Lifecycle(() => {})
    await lifecycle.stop()
    let stopped = false
    lifecycle.own({
      stop: () => {
        stopped = true
      },
    })
    await new Promise((resolve) => setImmediate(resolve))
    expect(stopped).toBe(true)
  })

  it('keeps stopping the rest when one part fails to stop', async () => {
    const lines: string[] = []
    const lifecycle = new Lifecycle((line) => lines.push(line))
    let stopped = false
    lifecycle.own({
      stop: () => {
        stopped = true
      },
    })
    lifecycle.own({
      stop: () => {
        throw new Error('stuck')
      },
    })
    await lifecycle.stop()
    expect(stopped).toBe(true)
    expect(lines).toEqual(['while stopping: stuck'])
  })
})
