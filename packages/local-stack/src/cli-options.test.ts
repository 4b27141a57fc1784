import { describe, expect, it } from 'vitest'
import { parseArguments } from './cli-options'

describe('parseArguments', () => {
  it('npm start: the production build; npm run dev (--dev): the Vite dev server', () => {
    expect(parseArguments([], {})).toEqual({
      reset: false,
      help: false,
      dev: false,
      ports: {},
      adminEmails: [],
    })
    expect(parseArguments(['--dev'], {}).dev).toBe(true)
  })

  it('keeps --reset and the port flags and variables working next to --dev', () => {
    expect(
      parseArguments(['--dev', '--reset', '--port-web=24000', '--port-api', '24001'], { PORT_S3: '24004' }),
    ).toEqual({
      reset: true,
      help: false,
      dev: true,
      ports: { web: 24000, api: 24001, s3: 24004 },
      adminEmails: [],
    })
  })

  it('reads the operators from ADMIN_EMAILS', () => {
    expect(parseArguments([], { ADMIN_EMAILS: ' a@x.com, b@y.com ,' }).adminEmails).toEqual([
      'a@x.com',
      'b@y.com',
    ])
  })

  it('refuses an unknown option', () => {
    expect(() => parseArguments(['--prod'], {})).toThrow('Unknown option --prod. Run npm start -- --help.')
  })
})
