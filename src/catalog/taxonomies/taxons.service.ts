import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, Repository } from 'typeorm';
import { findOrFail } from '../../common/db/find-or-fail';
import { FieldErrorCollector, InvalidResourceError } from '../../common/errors/api-errors';
import { findPage, ListParams, Page, SearchSpec } from '../../common/listing/list-query';
import { TaxonParamsDto } from './dto/taxon.dto';
import { Taxon } from './entities/taxon.entity';
import { Taxonomy } from './entities/taxonomy.entity';
import { childPermalink, lastSegment, permalinkSegment } from './permalink';
import { raiseForDeclassifiedProducts } from './classifications.service';

const PERMALINK_MAX = 255;

/**
 * Tree order (Spree's `order(:taxonomy_id, :lft)`): the path of (position, id)
 * pairs from the root down to the taxon, so a parent sorts before its
 * children and siblings by position.
 */
const TREE_PATH = `(WITH RECURSIVE anc(parent_id, path) AS (
    SELECT a.parent_id, ARRAY[a.position, a.id] FROM taxons a WHERE a.id = taxon.id
    UNION ALL
    SELECT p.parent_id, ARRAY[p.position, p.id] || anc.path FROM taxons p JOIN anc ON p.id = anc.parent_id
  ) SELECT anc.path FROM anc WHERE anc.parent_id IS NULL)`;

/** What `q[...]` may search and sort on for taxons. */
export const TAXON_SEARCH: SearchSpec = {
  attributes: {
    id: { expression: 'taxon.id', type: 'integer' },
    name: { expression: 'taxon.name', type: 'string' },
    permalink: { expression: 'taxon.permalink', type: 'string' },
    parent_id: { expression: 'taxon.parent_id', type: 'integer' },
    taxonomy_id: { expression: 'taxon.taxonomy_id', type: 'integer' },
    position: { expression: 'taxon.position', type: 'integer' },
    taxonomy_name: { expression: '(SELECT tx.name FROM taxonomies tx WHERE tx.id = taxon.taxonomy_id)', type: 'string' },
  },
  defaultOrder: { 'taxon.taxonomy_id': 'ASC', [TREE_PATH]: 'ASC', 'taxon.id': 'ASC' },
};

/** True when `q` holds a search (not only a sort) on an allowed attribute. */
export function hasSearch(q: Record<string, unknown>, spec: SearchSpec): boolean {
  return Object.entries(q).some(
    ([key, value]) => key !== 's' && value !== undefined && value !== '' && Object.keys(spec.attributes).some((attribute) => key.startsWith(`${attribute}_`)),
  );
}

@Injectable()
export class TaxonsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(Taxon) private readonly taxons: Repository<Taxon>,
    @InjectRepository(Taxonomy) private readonly taxonomies: Repository<Taxonomy>,
  ) {}

  async findTaxonomy(id: number): Promise<Taxonomy> {
    const taxonomy = await findOrFail(this.taxonomies.manager, Taxonomy, { id });
    return taxonomy;
  }

  /** A taxon of the taxonomy; 404 when either is missing or they do not belong together. */
  async find(taxonomyId: number, id: number): Promise<Taxon> {
    await this.findTaxonomy(taxonomyId);
    const taxon = await findOrFail(this.taxons.manager, Taxon, { id, taxonomyId });
    return taxon;
  }

  /**
   * GET /api/taxonomies/:id/taxons: the root's children (as Spree), or, when
   * `q` searches, every taxon of the taxonomy that matches.
   */
  async listForTaxonomy(taxonomyId: number, params: ListParams): Promise<Page<Taxon>> {
    await this.findTaxonomy(taxonomyId);
    const qb = this.taxons.createQueryBuilder('taxon').where('taxon.taxonomy_id = :taxonomyId', { taxonomyId });
    if (!hasSearch(params.q, TAXON_SEARCH)) {
      qb.andWhere('taxon.parent_id = (SELECT r.id FROM taxons r WHERE r.taxonomy_id = :taxonomyId AND r.parent_id IS NULL)');
    }
    return findPage(qb, TAXON_SEARCH, params);
  }

  /** GET /api/taxons: `ids` (comma separated) when given, else every taxon matching `q`, in tree order. */
  list(params: ListParams, ids: unknown): Promise<Page<Taxon>> {
    const qb = this.taxons.createQueryBuilder('taxon');
    if (ids !== undefined && ids !== '') {
      const wanted = (Array.isArray(ids) ? ids : String(ids).split(','))
        .map((v) => String(v).trim())
        .filter((v) => /^\d{1,10}$/.test(v) && Number(v) <= 2147483647)
        .map(Number);
      if (wanted.length === 0) qb.where('1 = 0');
      else qb.where({ id: In(wanted) });
      return findPage(qb, TAXON_SEARCH, { ...params, q: { s: params.q.s } });
    }
    return findPage(qb, TAXON_SEARCH, params);
  }

  async children(taxon: Taxon): Promise<Taxon[]> {
    return this.taxons.find({ where: { parentId: taxon.id }, order: { position: 'ASC', id: 'ASC' } });
  }

  /** POST /api/taxonomies/:taxonomy_id/taxons. `taxonomyId` is null when the path's id is not a number. */
  async create(taxonomyId: number | null, params: TaxonParamsDto): Promise<Taxon> {
    return this.dataSource.transaction(async (em) => {
      const taxonomy = taxonomyId === null ? null : await em.findOneBy(Taxonomy, { id: taxonomyId });
      if (!taxonomy) throw InvalidResourceError.field('taxonomy_id', 'Invalid taxonomy id.');

      const errors = new FieldErrorCollector();
      const name = params.name?.trim() ? params.name : null;
      if (!name) errors.add('name', "can't be blank");
      let parent: Taxon | null;
      if (params.parent_id === undefined || params.parent_id === null) {
        parent = await this.rootOf(em, taxonomy.id);
        if (!parent) errors.add('parent_id', "can't be blank");
      } else {
        parent = await em.findOneBy(Taxon, { id: params.parent_id, taxonomyId: taxonomy.id });
        if (!parent) errors.add('parent_id', 'is invalid');
      }
      errors.throwIfAny();

      // The id comes first, so a name with no letter or digit can fall back on it as its permalink segment.
      const [{ id }] = await em.query(`SELECT nextval(pg_get_serial_sequence('taxons', 'id'))::int AS id`);
      const segment = permalinkSegment(params.permalink ? lastSegment(params.permalink) : name!) || String(id);
      const permalink = childPermalink(parent!.permalink, segment);
      await this.checkPermalink(em, taxonomy.id, permalink, id);
      await em.query(
        `INSERT INTO taxons (id, taxonomy_id, parent_id, name, position, permalink, description, meta_title, meta_description, meta_keywords)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          id,
          taxonomy.id,
          parent!.id,
          name,
          await this.nextPosition(em, parent!.id),
          permalink,
          params.description ?? null,
          params.meta_title ?? null,
          params.meta_description ?? null,
          params.meta_keywords ?? null,
        ],
      );
      const inserted = await em.findOneByOrFail(Taxon, { id });
      const index = params.child_index ?? params.position;
      if (index !== undefined && index !== null) await this.placeAt(em, inserted, index);
      await this.touchTaxonomy(em, taxonomy.id);
      return em.findOneByOrFail(Taxon, { id: inserted.id });
    });
  }

  /** PUT /api/taxonomies/:taxonomy_id/taxons/:id */
  async update(taxonomyId: number, id: number, params: TaxonParamsDto): Promise<Taxon> {
    return this.dataSource.transaction(async (em) => {
      await findOrFail(em, Taxonomy, { id: taxonomyId });
      const taxon = await findOrFail(em, Taxon, { id, taxonomyId }, { lock: true });

      const errors = new FieldErrorCollector();
      if (params.name !== undefined && !params.name?.trim()) errors.add('name', "can't be blank");
      let parent: Taxon | null = taxon.parentId === null ? null : await em.findOneBy(Taxon, { id: taxon.parentId });
      let parentChanged = false;
      if (params.parent_id !== undefined && params.parent_id !== taxon.parentId) {
        if (params.parent_id === null) {
          // Only the root has no parent; a taxonomy has one root.
          errors.add('parent_id', "can't be blank");
        } else {
          parent = await em.findOneBy(Taxon, { id: params.parent_id, taxonomyId });
          if (!parent) errors.add('parent_id', 'is invalid');
          else if (parent.id === taxon.id || (await this.isDescendant(em, parent.id, taxon.id))) {
            errors.add('parent_id', 'cannot be the taxon itself or one of its descendants');
          } else parentChanged = true;
        }
      }
      errors.throwIfAny();

      const nameChanged = params.name !== undefined && params.name !== taxon.name;
      if (nameChanged) taxon.name = params.name!;
      if (params.description !== undefined) taxon.description = params.description;
      if (params.meta_title !== undefined) taxon.metaTitle = params.meta_title;
      if (params.meta_description !== undefined) taxon.metaDescription = params.meta_description;
      if (params.meta_keywords !== undefined) taxon.metaKeywords = params.meta_keywords;
      if (parentChanged) {
        taxon.parentId = parent!.id;
        taxon.position = await this.nextPosition(em, parent!.id);
      }
      await em.save(taxon);

      if (nameChanged || parentChanged || params.permalink) {
        const segment =
          (params.permalink ? permalinkSegment(lastSegment(params.permalink)) : nameChanged ? permalinkSegment(taxon.name) : lastSegment(taxon.permalink)) ||
          String(taxon.id);
        await this.setPermalink(em, taxon, childPermalink(parent?.permalink ?? null, segment));
      }
      const index = params.child_index ?? params.position;
      if (index !== undefined && index !== null && taxon.parentId !== null) await this.placeAt(em, taxon, index);
      await this.touchTaxonomy(em, taxonomyId);
      return em.findOneByOrFail(Taxon, { id: taxon.id });
    });
  }

  /** DELETE /api/taxonomies/:taxonomy_id/taxons/:id: the taxon, its subtree and their classifications. */
  async remove(taxonomyId: number, id: number): Promise<void> {
    await this.dataSource.transaction(async (em) => {
      const taxon = await findOrFail(em, Taxon, { id, taxonomyId });
      if (taxon.parentId === null) {
        throw InvalidResourceError.field('base', "The root taxon can't be deleted; delete its taxonomy instead.");
      }
      // parent_id and classifications cascade in the database.
      await raiseForDeclassifiedProducts(em, { taxonId: taxon.id });
      await em.delete(Taxon, { id: taxon.id });
      await this.touchTaxonomy(em, taxonomyId);
    });
  }

  private rootOf(em: EntityManager, taxonomyId: number): Promise<Taxon | null> {
    return em.createQueryBuilder(Taxon, 'taxon').where('taxon.taxonomy_id = :taxonomyId AND taxon.parent_id IS NULL', { taxonomyId }).getOne();
  }

  private async nextPosition(em: EntityManager, parentId: number): Promise<number> {
    const [{ next }] = await em.query(`SELECT COALESCE(MAX(position) + 1, 0) AS next FROM taxons WHERE parent_id = $1`, [parentId]);
    return Number(next);
  }

  private async isDescendant(em: EntityManager, candidateId: number, ancestorId: number): Promise<boolean> {
    const rows = await em.query(
      `WITH RECURSIVE sub(id) AS (
         SELECT c.id FROM taxons c WHERE c.parent_id = $1
         UNION ALL
         SELECT c.id FROM taxons c JOIN sub ON c.parent_id = sub.id
       ) SELECT 1 FROM sub WHERE id = $2 LIMIT 1`,
      [ancestorId, candidateId],
    );
    return rows.length > 0;
  }

  /**
   * Gives `taxon` the permalink `permalink` and rewrites its subtree's
   * permalinks below it (each keeps its own last segment). 422 when another
   * taxon of the taxonomy already has it, or a permalink would grow too long.
   */
  private async setPermalink(em: EntityManager, taxon: Taxon, permalink: string): Promise<void> {
    if (permalink === taxon.permalink) return;
    await this.checkPermalink(em, taxon.taxonomyId, permalink, taxon.id);
    const subtree = `WITH RECURSIVE sub(id, permalink) AS (
        SELECT t.id, $2::text FROM taxons t WHERE t.id = $1
        UNION ALL
        SELECT c.id, sub.permalink || '/' || regexp_replace(c.permalink, '^.*/', '') FROM taxons c JOIN sub ON c.parent_id = sub.id
      )`;
    const [{ longest }] = await em.query(`${subtree} SELECT COALESCE(MAX(length(permalink)), 0) AS longest FROM sub`, [taxon.id, permalink]);
    if (Number(longest) > PERMALINK_MAX) throw InvalidResourceError.field('permalink', `is too long (maximum is ${PERMALINK_MAX} characters)`);
    await em.query(`${subtree} UPDATE taxons SET permalink = sub.permalink, updated_at = now() FROM sub WHERE taxons.id = sub.id AND taxons.permalink <> sub.permalink`, [
      taxon.id,
      permalink,
    ]);
    taxon.permalink = permalink;
  }

  /** 422 unless `permalink` is free in the taxonomy (case-insensitively) and short enough. */
  private async checkPermalink(em: EntityManager, taxonomyId: number, permalink: string, taxonId: number): Promise<void> {
    if (permalink.length > PERMALINK_MAX) throw InvalidResourceError.field('permalink', `is too long (maximum is ${PERMALINK_MAX} characters)`);
    const taken = await em.query(`SELECT 1 FROM taxons WHERE taxonomy_id = $1 AND lower(permalink) = lower($2) AND id <> $3 LIMIT 1`, [taxonomyId, permalink, taxonId]);
    if (taken.length > 0) throw InvalidResourceError.field('permalink', 'has already been taken');
  }

  /** Moves `taxon` to the 0-based `index` among its siblings (clamped), renumbering them 0..n-1. */
  private async placeAt(em: EntityManager, taxon: Taxon, index: number): Promise<void> {
    const siblings: { id: number }[] = await em.query(`SELECT id FROM taxons WHERE parent_id = $1 AND id <> $2 ORDER BY position, id FOR UPDATE`, [
      taxon.parentId,
      taxon.id,
    ]);
    const order = siblings.map((s) => Number(s.id));
    order.splice(Math.min(index, order.length), 0, taxon.id);
    await em.query(
      `UPDATE taxons SET position = v.position FROM unnest($1::int[], $2::int[]) AS v(id, position) WHERE taxons.id = v.id AND taxons.position <> v.position`,
      [order, order.map((_, i) => i)],
    );
  }

  /** Spree's `belongs_to :taxonomy, touch: true`. */
  private async touchTaxonomy(em: EntityManager, taxonomyId: number): Promise<void> {
    await em.query(`UPDATE taxonomies SET updated_at = now() WHERE id = $1`, [taxonomyId]);
  }
}
