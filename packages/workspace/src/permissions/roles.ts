/** A user's role in one workspace (SPEC section 6). No role means the workspace does not exist for them. */
export type Role = 'viewer' | 'analyst' | 'admin';

export const ROLES: readonly Role[] = ['viewer', 'analyst', 'admin'];

const RANK: Record<Role, number> = { viewer: 1, analyst: 2, admin: 3 };

/** Whether `role` grants at least what `minimum` grants (admin ⊇ analyst ⊇ viewer). */
export function hasRole(role: Role | null | undefined, minimum: Role): boolean {
  return role != null && RANK[role] >= RANK[minimum];
}

/** Narrows text from the database or a command line to a role. */
export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
