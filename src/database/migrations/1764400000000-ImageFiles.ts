import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Uploaded image files: where an image's files are stored (its sizes under
 * one versioned folder). Images made before (metadata only) keep null.
 */
export class ImageFiles1764400000000 implements MigrationInterface {
  name = 'ImageFiles1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE images ADD COLUMN attachment_path text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE images DROP COLUMN attachment_path`);
  }
}
