import { describe, expect, it } from 'vitest'
import { CATALOGUE } from '../testing/commands-fixtures'
import { descriptionIn, frequentCommands, groupByType, searchCommands } from './commands'

const names = (list: { command: string }[]) => list.map((c) => c.command)

describe('searchCommands (the server rules for ?q=)', () => {
  it('matches a case-insensitive substring of the command', () => {
    expect(names(searchCommands(CATALOGUE, '.READY'))).toEqual(['.ready'])
    expect(names(searchCommands(CATALOGUE, 'ba'))).toEqual(['!ban'])
  })

  it('matches either description, whatever the UI language', () => {
    expect(names(searchCommands(CATALOGUE, 'GRENADE'))).toEqual(['.throw'])
    expect(names(searchCommands(CATALOGUE, '道具'))).toEqual(['.throw'])
    expect(names(searchCommands(CATALOGUE, 'player'))).toEqual(['!ban', '!kick'])
  })

  it('trims the query; a blank one matches everything in catalogue order', () => {
    expect(names(searchCommands(CATALOGUE, '  .bot  '))).toEqual(['.bot'])
    expect(searchCommands(CATALOGUE, '   ')).toEqual(CATALOGUE)
    expect(searchCommands(CATALOGUE, '')).toEqual(CATALOGUE)
  })

  it('reads at most 64 characters, like the server', () => {
    expect(searchCommands(CATALOGUE, `.ready${'x'.repeat(64)}`)).toEqual([])
    expect(names(searchCommands(CATALOGUE, `${' '.repeat(3)}.ready`))).toEqual(['.ready'])
    expect(searchCommands(CATALOGUE, 'zzz')).toEqual([])
  })
})

describe('grouping and descriptions', () => {
  it('groups by type in catalogue order', () => {
    const groups = groupByType(CATALOGUE)
    expect(names(groups.Match)).toEqual(['.ready', '.pause', '.coach'])
    expect(names(groups.Practice)).toEqual(['.bot', '.throw', '.noclip'])
    expect(names(groups.Admin)).toEqual(['!ban', '!kick', '!map'])
  })

  it('keeps the frequent ones', () => {
    expect(names(frequentCommands(CATALOGUE))).toEqual(['.ready', '.pause', '.bot', '.throw', '!kick'])
  })

  it('describes in the UI language, falling back to the other one', () => {
    const [ready] = CATALOGUE
    expect(descriptionIn(ready, 'zh')).toBe('标记队伍已准备')
    expect(descriptionIn(ready, 'en')).toBe('Mark your team as ready')
    expect(descriptionIn({ ...ready, description: { en: 'Only English', zh: '' } }, 'zh')).toBe('Only English')
  })
})
