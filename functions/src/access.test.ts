import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ENDPOINT_GROUPS, EVENT_DISPATCHER, QUEUES, SCHEDULES } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { EVENT_DISPATCHER_ACCESS, HTTP_ACCESS, SCHEDULE_ACCESS, WORKER_ACCESS } from './access'

const SRC = path.dirname(fileURLToPath(import.meta.url))
const declarations = (dir: string) =>
  readdirSync(path.join(SRC, dir))
    .filter((file) => file.endsWith('.access.ts'))
    .map((file) => file.slice(0, -'.access.ts'.length))
const load = async (dir: string, name: string) =>
  ((await import(`./${dir}/${name}.access.ts`)) as { access: unknown }).access
const importLines = (file: string) =>
  readFileSync(path.join(SRC, file), 'utf8')
    .split('\n')
    .filter((line) => /^import\s/.test(line))

describe('access declared beside each function', () => {
  it('every endpoint group has its handler and its declaration, and the stack reads that declaration', async () => {
    const declared = declarations('http')
    expect(declared.sort()).toEqual([...ENDPOINT_GROUPS].sort())
    for (const group of ENDPOINT_GROUPS) {
      expect(readdirSync(path.join(SRC, 'http')), group).toContain(`${group}.ts`)
      expect(HTTP_ACCESS[group], group).toBe(await load('http', group))
    }
  })

  it("every worker (each queue's, each schedule's, the event dispatcher) has its declaration, and the stack reads it", async () => {
    const workers = [
      ...Object.values(QUEUES).map((spec) => spec.worker),
      ...Object.values(SCHEDULES).map((spec) => spec.worker),
      EVENT_DISPATCHER.worker,
    ]
    expect(declarations('workers').sort()).toEqual([...workers].sort())
    expect(EVENT_DISPATCHER_ACCESS).toBe(await load('workers', EVENT_DISPATCHER.worker))
    for (const [name, spec] of Object.entries(QUEUES) as [
      keyof typeof QUEUES,
      (typeof QUEUES)[keyof typeof QUEUES],
    ][]) {
      expect(WORKER_ACCESS[name], name).toBe(await load('workers', spec.worker))
    }
    for (const [name, spec] of Object.entries(SCHEDULES))
      expect(SCHEDULE_ACCESS[name as keyof typeof SCHEDULES], name).toBe(await load('workers', spec.worker))
  })

  it('declarations import only types, so the CDK app never loads handler code through them', () => {
    const files = [
      ...declarations('http').map((name) => `http/${name}.access.ts`),
      ...declarations('workers').map((name) => `workers/${name}.access.ts`),
    ]
    for (const file of files) {
      for (const line of importLines(file)) expect(line, file).toMatch(/^import type /)
    }
    for (const line of importLines('access.ts')) {
      expect(line, 'access.ts').toMatch(/^import type |from '\.\/(http|workers)\/[\w-]+\.access'$/)
    }
  })
})
