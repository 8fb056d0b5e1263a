/** roleID values; a higher rank holds the rights of those below within its scope. */
export const ROLE = {
  STAFF: 1,
  STORE_CHIEF: 2,
  AREA_SUPERVISOR: 3,
  HELPDESK: 4,
  SUPER_USER: 9,
} as const;

export type RoleId = (typeof ROLE)[keyof typeof ROLE];
export const ROLE_IDS = Object.values(ROLE) as RoleId[];

export const ROLE_LABEL: Record<RoleId, string> = {
  1: 'Staf Toko',
  2: 'Kepala Toko',
  3: 'Area Supervisor',
  4: 'Helpdesk',
  9: 'Super User',
};

/** True when `role` carries at least the rights of `required`. */
export function hasRoleAtLeast(role: RoleId, required: RoleId): boolean {
  return role >= required;
}
