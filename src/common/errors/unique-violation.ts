/**
 * Whether a failed query broke a unique constraint (PostgreSQL 23505), and
 * when `constraint` is given, that one: for a service that answers a
 * duplicate with its own 422 (the field it knows) after losing a race its
 * check-first could not see. The error filter maps any other 23505.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  // TypeORM's QueryFailedError copies the driver's fields onto itself and keeps the original as driverError.
  const e = error as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
  if ((e.driverError?.code ?? e.code) !== '23505') return false;
  return constraint === undefined || (e.driverError?.constraint ?? e.constraint) === constraint;
}
