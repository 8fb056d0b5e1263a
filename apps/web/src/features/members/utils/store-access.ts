import { ROLE, type Member } from '@gerai/contract';

/** Area supervisors, helpdesk and super users pick the store they work in (server: POST /members/me/store). */
export function canChooseStore(member: Pick<Member, 'roleID'>): boolean {
  return member.roleID === ROLE.AREA_SUPERVISOR || member.roleID === ROLE.HELPDESK || member.roleID === ROLE.SUPER_USER;
}

export function roleLabel(member: Pick<Member, 'roleID' | 'roleName'>, labels: Record<number, string>): string {
  return labels[member.roleID] ?? member.roleName;
}
