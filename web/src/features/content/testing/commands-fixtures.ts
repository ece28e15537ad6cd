// A fake command catalogue for the panel and dialog tests, every request recorded.
import { http, HttpResponse } from 'msw'
import { apiError } from '@/testing/auth-fixtures'
import { server } from '@/testing/msw-server'
import type { ChatCommand, CommandType } from '../model/commands'

function entry(id: number, type: CommandType, command: string, en: string, zh: string, isFrequent = false): ChatCommand {
  return { id, command, description: { en, zh }, isFrequent, type }
}

export const CATALOGUE: ChatCommand[] = [
  entry(1, 'Match', '.ready', 'Mark your team as ready', '标记队伍已准备', true),
  entry(2, 'Match', '.pause', 'Pause the match at the next freeze time', '在下一个冻结时间暂停比赛', true),
  entry(3, 'Match', '.coach', 'Join your team as the coach', '以教练身份加入队伍'),
  entry(4, 'Practice', '.bot', 'Place a bot where you stand', '在当前位置放置机器人', true),
  entry(5, 'Practice', '.throw', 'Throw your last grenade again', '重新投掷上一颗道具', true),
  entry(6, 'Practice', '.noclip', 'Fly through walls', '穿墙飞行'),
  entry(7, 'Admin', '!ban', 'Ban a player', '封禁玩家'),
  entry(8, 'Admin', '!kick', 'Kick a player from the server', '将玩家踢出服务器', true),
  entry(9, 'Admin', '!map', 'Change the map', '更换地图'),
]

export function serveCommands(answer: ChatCommand[] | 'error' = CATALOGUE) {
  const calls: string[] = []
  server.use(
    http.get('/api/commands', ({ request }) => {
      calls.push(new URL(request.url).search)
      return answer === 'error' ? apiError(500, 'INTERNAL_ERROR') : HttpResponse.json(answer)
    }),
  )
  return calls
}
