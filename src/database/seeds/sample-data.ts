import { EntityManager } from 'typeorm';

/** The demo catalog (contract section 5). Filled in by the sample-data work. */
export async function seedSampleData(_em: EntityManager, _currency: string): Promise<void> {
  return;
}
