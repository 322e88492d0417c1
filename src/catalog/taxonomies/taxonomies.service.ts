import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { findOrFail } from '../../common/db/find-or-fail';
import { InvalidResourceError, NotFoundError } from '../../common/errors/api-errors';
import { findPage, ListParams, Page, SearchSpec } from '../../common/listing/list-query';
import { TaxonomyParamsDto } from './dto/taxonomy.dto';
import { Taxon } from './entities/taxon.entity';
import { Taxonomy } from './entities/taxonomy.entity';
import { permalinkSegment } from './permalink';
import { raiseForDeclassifiedProducts } from './classifications.service';

/** What `q[...]` may search and sort on for taxonomies (`root_name` reads the root taxon's name). */
export const TAXONOMY_SEARCH: SearchSpec = {
  attributes: {
    id: { expression: 'taxonomy.id', type: 'integer' },
    name: { expression: 'taxonomy.name', type: 'string' },
    position: { expression: 'taxonomy.position', type: 'integer' },
    root_name: { expression: '(SELECT root.name FROM taxons root WHERE root.taxonomy_id = taxonomy.id AND root.parent_id IS NULL)', type: 'string' },
  },
  // Spree: default_scope order(position), then order('name').
  defaultOrder: { 'taxonomy.position': 'ASC', 'taxonomy.name': 'ASC', 'taxonomy.id': 'ASC' },
};

@Injectable()
export class TaxonomiesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(Taxonomy) private readonly taxonomies: Repository<Taxonomy>,
  ) {}

  list(params: ListParams): Promise<Page<Taxonomy>> {
    return findPage(this.taxonomies.createQueryBuilder('taxonomy'), TAXONOMY_SEARCH, params);
  }

  async find(id: number): Promise<Taxonomy> {
    const taxonomy = await findOrFail(this.taxonomies.manager, Taxonomy, { id });
    return taxonomy;
  }

  /** The taxonomy and its root taxon, named like it (Spree's `after_save :set_name`). */
  async create(params: TaxonomyParamsDto): Promise<Taxonomy> {
    const name = requireName(params.name);
    return this.dataSource.transaction(async (em) => {
      const taxonomy = await em.save(em.create(Taxonomy, { name, position: 0 }));
      await em.insert(Taxon, {
        taxonomyId: taxonomy.id,
        parentId: null,
        name,
        position: 0,
        permalink: permalinkSegment(name) || String(taxonomy.id),
      });
      return taxonomy;
    });
  }

  /** Renaming renames the root taxon too (`set_name`); as in Spree, permalinks stay. */
  async update(id: number, params: TaxonomyParamsDto): Promise<Taxonomy> {
    return this.dataSource.transaction(async (em) => {
      const taxonomy = await findOrFail(em, Taxonomy, { id }, { lock: true });
      if (params.name !== undefined) taxonomy.name = requireName(params.name);
      await em.save(taxonomy);
      await em.query(`UPDATE taxons SET name = $2, updated_at = now() WHERE taxonomy_id = $1 AND parent_id IS NULL`, [id, taxonomy.name]);
      return taxonomy;
    });
  }

  /** The taxonomy, all its taxons and their classifications (cascading in the database). */
  async remove(id: number): Promise<void> {
    await this.taxonomies.manager.transaction(async (em) => {
      await raiseForDeclassifiedProducts(em, { taxonomyId: id });
      const result = await em.delete(Taxonomy, { id });
      if (!result.affected) throw new NotFoundError();
    });
  }
}

function requireName(name: string | null | undefined): string {
  if (!name || !name.trim()) throw InvalidResourceError.field('name', "can't be blank");
  return name;
}
