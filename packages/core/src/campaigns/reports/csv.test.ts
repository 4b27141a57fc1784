import { CAMPAIGN_CSV_COLUMNS } from '@app/contracts'
import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { type CsvRow, outcomeLines } from './csv'

const T1 = '2026-11-25T10:30:00.000Z'
const T2 = '2026-11-25T11:45:00.000Z'

const row = (recipient: Partial<CsvRow['recipient']>, contact?: CsvRow['contact']): CsvRow => ({
  recipient: { contactId: '01JCONTACT0000000000000000', email: 'ana@example.com', ...recipient },
  contact,
})
const ana = { firstName: 'Ana', lastName: 'Lima' }

describe('campaign contact CSV rows', () => {
  it('writes each file’s header, then the address, the names and the outcome’s details, CRLF', () => {
    const opened = outcomeLines(
      'opened',
      'exclude',
      [row({ openedAt: T1, humanOpenedAt: T2, machineOpened: true, opens: 3, machineOpens: 1 }, ana)],
      true,
    )
    expect(opened).toBe(
      `${CAMPAIGN_CSV_COLUMNS.opened.join(',')}\r\nana@example.com,Ana,Lima,${T2},3,1,true\r\n`,
    )
    expect(
      outcomeLines(
        'clicked',
        'exclude',
        [row({ clickedAt: T1, firstLink: 'https://acme.example/a?x=1,2', clicks: 2 }, ana)],
        true,
      ),
    ).toBe(
      'email,firstName,lastName,firstClickedAt,firstLink,clicks\r\n' +
        `ana@example.com,Ana,Lima,${T1},"https://acme.example/a?x=1,2",2\r\n`,
    )
    expect(outcomeLines('unsubscribed', 'exclude', [row({ unsubscribedAt: T1 }, ana)])).toBe(
      `ana@example.com,Ana,Lima,${T1}\r\n`,
    )
    expect(
      outcomeLines(
        'bounced',
        'exclude',
        [row({ bounce: { type: 'Transient', subType: 'MailboxFull', at: T2 } }, ana)],
        true,
      ),
    ).toBe(
      'email,firstName,lastName,bouncedAt,bounceType,bounceSubType\r\n' +
        `ana@example.com,Ana,Lima,${T2},Transient,MailboxFull\r\n`,
    )
  })

  it('gives the first open of any kind when machine opens count, and the reader’s first when they do not', () => {
    const machineFirst = row({
      openedAt: T1,
      humanOpenedAt: T2,
      machineOpened: true,
      opens: 2,
      machineOpens: 1,
    })
    expect(outcomeLines('opened', 'include', [machineFirst])).toBe(`ana@example.com,,,${T1},2,1,true\r\n`)
    expect(outcomeLines('opened', 'exclude', [machineFirst])).toBe(`ana@example.com,,,${T2},2,1,true\r\n`)
    // A reader who only clicked (an image blocker hid the open): opened, no open event tracked.
    const clickOnly = row({ openedAt: T1, humanOpenedAt: T1, machineOpened: false })
    expect(outcomeLines('opened', 'exclude', [clickOnly])).toBe(`ana@example.com,,,${T1},0,0,false\r\n`)
  })

  it('leaves the names empty for a deleted contact', () => {
    expect(outcomeLines('unsubscribed', 'exclude', [row({ unsubscribedAt: T1 })])).toBe(
      `ana@example.com,,,${T1}\r\n`,
    )
    expect(
      outcomeLines('unsubscribed', 'exclude', [
        row({ unsubscribedAt: T1 }, { firstName: null, lastName: null }),
      ]),
    ).toBe(`ana@example.com,,,${T1}\r\n`)
  })

  it('escapes every formula-looking cell and quotes what needs it, so the file reads back as written', () => {
    const lines = outcomeLines('clicked', 'exclude', [
      row(
        { email: 'evil@example.com', clickedAt: T1, firstLink: '=cmd|" /C calc"!A0', clicks: 1 },
        { firstName: '=HYPERLINK("http://evil.example","x")', lastName: '+1' },
      ),
      row(
        { email: 'tab@example.com', clickedAt: T1, firstLink: 'https://acme.example/', clicks: 1 },
        { firstName: '@SUM(A1)', lastName: '\tTab' },
      ),
      row(
        { email: 'dash@example.com', clickedAt: T1, firstLink: 'https://acme.example/', clicks: 1 },
        { firstName: '-2', lastName: '\rCR, "quoted"' },
      ),
    ])
    const cells = parse(lines, { relax_column_count: false }) as string[][]
    expect(cells.map((record) => record.slice(0, 4))).toEqual([
      ['evil@example.com', `'=HYPERLINK("http://evil.example","x")`, "'+1", T1],
      ['tab@example.com', "'@SUM(A1)", "'\tTab", T1],
      ['dash@example.com', "'-2", `'\rCR, "quoted"`, T1],
    ])
    expect(cells[0]?.[4]).toBe(`'=cmd|" /C calc"!A0`)
    expect(lines.split('\r\n')).toHaveLength(4)
  })
})
