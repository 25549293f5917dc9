import { CALLS, MENU, CREATE_ROLES } from '../src/shared/permissions'
import { ROLES } from '../src/shared/roles'
const short: Record<string,string> = { platform_admin: 'platform', institution_admin: 'institution admin', school_admin: 'school admin', teacher: 'teacher', viewer: 'viewer' }
console.log('| resource | ' + ROLES.map(r => short[r]).join(' | ') + ' |')
console.log('|---|' + ROLES.map(() => '---').join('|') + '|')
for (const [res, acts] of Object.entries(CALLS)) {
  console.log(`| ${res} | ` + ROLES.map(r => (acts.write.includes(r) ? 'read, write' : acts.read.includes(r) ? 'read' : '—')).join(' | ') + ' |')
}
console.log()
for (const r of ROLES) console.log(`- **${r}**: menu ${MENU[r].join(', ')}; creates ${CREATE_ROLES[r].join(', ') || 'no users'}`)
