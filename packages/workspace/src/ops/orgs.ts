import type { OrganizationRecord } from '../store/organizations.js';
import { setOrganizationEnrolled } from '../store/organizations.js';
import { recordAudit } from '../store/ops-audit.js';
import { checkActor, organizationByName, type OpsContext } from './context.js';

/** Enrolls an organization in the private beta: its users may connect (SPEC section 2). */
export async function enrollOrg(
  ctx: OpsContext,
  name: string,
): Promise<{ org: OrganizationRecord }> {
  return setEnrollment(ctx, name, true);
}

/** Takes an organization out of the private beta: its users' calls get `mcp_org_not_enrolled`. */
export async function unenrollOrg(
  ctx: OpsContext,
  name: string,
): Promise<{ org: OrganizationRecord }> {
  return setEnrollment(ctx, name, false);
}

async function setEnrollment(
  ctx: OpsContext,
  name: string,
  enrolled: boolean,
): Promise<{ org: OrganizationRecord }> {
  const actor = checkActor(ctx.actor);
  return ctx.db.transaction(async (tx) => {
    const org = await organizationByName(tx, name);
    const updated = (await setOrganizationEnrolled(tx, org.id, enrolled))!;
    await recordAudit(tx, {
      actor,
      action: enrolled ? 'org.enroll' : 'org.unenroll',
      target: org.name,
      details: { orgId: org.id, wasEnrolled: org.enrolled },
    });
    return { org: updated };
  });
}
