import { describe, expect, it } from 'vitest'
import { EMPTY_SERVER_FORM, formOf, readServerForm } from './server-form'

const filled = { ...EMPTY_SERVER_FORM, ip: '203.0.113.7', name: ' DM #1 ', rconPassword: 's3cret' }

describe('readServerForm', () => {
  it('builds the body with numbers and a display name defaulting to the name', () => {
    expect(readServerForm(filled)).toEqual({
      ok: true,
      body: {
        ip: '203.0.113.7',
        port: 27015,
        name: 'DM #1',
        name_display: 'DM #1',
        category: 'competitive',
        region: 'ap-shanghai',
        ontop: 0,
        star: 0,
        rcon_password: 's3cret',
      },
    })
  })

  it('leaves an empty RCON password out, so an edit keeps the stored one', () => {
    const result = readServerForm({ ...filled, rconPassword: '' })
    expect(result.ok && 'rcon_password' in result.body).toBe(false)
  })

  it('names every bad field', () => {
    expect(readServerForm({ ...filled, ip: '0.0.0.0', port: '70000', name: ' ', ontop: '1001', star: '-1' })).toEqual({
      ok: false,
      problems: { ip: 'ipInvalid', port: 'portInvalid', name: 'nameInvalid', ontop: 'numberInvalid', star: 'numberInvalid' },
    })
    expect(readServerForm({ ...filled, ip: '256.1.1.1' })).toMatchObject({ ok: false, problems: { ip: 'ipInvalid' } })
    expect(readServerForm({ ...filled, ip: 'example.com' })).toMatchObject({ ok: false, problems: { ip: 'ipInvalid' } })
  })
})

describe('formOf', () => {
  it('starts an edit from the stored server without its password', () => {
    const form = formOf({ ip: '10.0.0.1', port: 27016, name: 'Retakes', category: 'retakes', region: 'ap-tokyo', ontop: 3 })
    expect(form).toMatchObject({ ip: '10.0.0.1', port: '27016', ontop: '3', star: '0', rconPassword: '' })
  })
})
