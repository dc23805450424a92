import type { Queryable } from '../db/database.js';
import { toIso } from '../db/rows.js';
import { newId } from '../ids/ids.js';

/** An organization (tenant); only enrolled ones may use the private beta. */
export interface OrganizationRecord {
  id: string;
  name: string;
  enrolled: boolean;
  createdAt: string;
}

interface OrganizationRow {
  id: string;
  name: string;
  enrolled: boolean;
  created_at: Date | string;
}

const COLUMNS = 'id, name, enrolled, created_at';

function toRecord(row: OrganizationRow): OrganizationRecord {
  return { id: row.id, name: row.name, enrolled: row.enrolled, createdAt: toIso(row.created_at) };
}

/** Creates an organization; `id` is generated unless given. */
export async function createOrganization(
  db: Queryable,
  input: { name: string; enrolled: boolean; id?: string },
): Promise<OrganizationRecord> {
  const { rows } = await db.query<OrganizationRow>(
    `insert into organizations (id, name, enrolled) values ($1, $2, $3) returning ${COLUMNS}`,
    [input.id ?? newId('org'), input.name, input.enrolled],
  );
  return toRecord(rows[0]!);
}

/** The organization with this id, or null. */
export async function getOrganization(
  db: Queryable,
  id: string,
): Promise<OrganizationRecord | null> {
  const { rows } = await db.query<OrganizationRow>(
    `select ${COLUMNS} from organizations where id = $1`,
    [id],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

/** The organization with this exact name, or null. */
export async function findOrganizationByName(
  db: Queryable,
  name: string,
): Promise<OrganizationRecord | null> {
  const { rows } = await db.query<OrganizationRow>(
    `select ${COLUMNS} from organizations where name = $1`,
    [name],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

/** Enrolls an organization in the private beta or takes it out; null when there is no such organization. */
export async function setOrganizationEnrolled(
  db: Queryable,
  id: string,
  enrolled: boolean,
): Promise<OrganizationRecord | null> {
  const { rows } = await db.query<OrganizationRow>(
    `update organizations set enrolled = $2 where id = $1 returning ${COLUMNS}`,
    [id, enrolled],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}
