import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { Taxon } from './entities/taxon.entity';
import { TaxonNode } from './taxonomy.serializer';

/** How much of the tree below each taxon a view shows. */
export type TaxonDepth = 'none' | 'children' | 'tree';

/** Ids of every taxon below the taxons `:parents` (an int[] parameter), in one recursive query. */
export const DESCENDANT_IDS_SQL = `
  WITH RECURSIVE sub(id) AS (
    SELECT c.id FROM taxons c WHERE c.parent_id = ANY(:parents)
    UNION ALL
    SELECT c.id FROM taxons c JOIN sub ON c.parent_id = sub.id
  ) SELECT id FROM sub`;

/**
 * Loads taxons with their pretty names and, as the view asks, their children
 * or whole subtrees: a fixed number of queries whatever the tree's size
 * (one for the pretty names, one for the children or one recursive query for
 * the subtrees), never one per node.
 */
@Injectable()
export class TaxonTreeService {
  constructor(@InjectRepository(Taxon) private readonly taxons: Repository<Taxon>) {}

  /** id → "Root -> Parent -> Name", following each taxon's ancestors in one recursive query. */
  async prettyNames(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows: { id: number; pretty_name: string }[] = await this.taxons.query(
      `WITH RECURSIVE chain(start_id, parent_id, depth, name) AS (
         SELECT t.id, t.parent_id, 0, t.name FROM taxons t WHERE t.id = ANY($1)
         UNION ALL
         SELECT chain.start_id, p.parent_id, chain.depth + 1, p.name FROM taxons p JOIN chain ON p.id = chain.parent_id
       )
       SELECT start_id AS id, string_agg(name, ' -> ' ORDER BY depth DESC) AS pretty_name FROM chain GROUP BY start_id`,
      [ids],
    );
    return new Map(rows.map((r) => [Number(r.id), r.pretty_name]));
  }

  /** Children of the given taxons (or every descendant with `tree`), grouped by parent, in sibling order. */
  private async childrenByParent(parentIds: number[], depth: TaxonDepth): Promise<Map<number, Taxon[]>> {
    const byParent = new Map<number, Taxon[]>();
    if (depth === 'none' || parentIds.length === 0) return byParent;
    const qb = this.taxons.createQueryBuilder('taxon');
    if (depth === 'children') qb.where({ parentId: In(parentIds) });
    else qb.where(`taxon.id IN (${DESCENDANT_IDS_SQL})`, { parents: parentIds });
    const rows = await qb.orderBy('taxon.position', 'ASC').addOrderBy('taxon.id', 'ASC').getMany();
    for (const row of rows) {
      const list = byParent.get(row.parentId!) ?? [];
      list.push(row);
      byParent.set(row.parentId!, list);
    }
    return byParent;
  }

  /** TaxonNodes for `taxons` (kept in their order), with children down to `depth`. */
  async nodes(taxons: Taxon[], depth: TaxonDepth): Promise<TaxonNode[]> {
    const ids = taxons.map((t) => t.id);
    const [names, byParent] = await Promise.all([this.prettyNames(ids), this.childrenByParent(ids, depth)]);
    const build = (taxon: Taxon, prettyName: string, level: number): TaxonNode => {
      const node: TaxonNode = { taxon, prettyName };
      if (depth === 'tree' || (depth === 'children' && level === 0)) {
        node.children = (byParent.get(taxon.id) ?? []).map((child) => build(child, `${prettyName} -> ${child.name}`, level + 1));
      }
      return node;
    };
    return taxons.map((t) => build(t, names.get(t.id) ?? t.name, 0));
  }

  async node(taxon: Taxon, depth: TaxonDepth): Promise<TaxonNode> {
    return (await this.nodes([taxon], depth))[0];
  }

  /** The root taxon of each taxonomy, keyed by taxonomy id. */
  async roots(taxonomyIds: number[]): Promise<Map<number, Taxon>> {
    if (taxonomyIds.length === 0) return new Map();
    const roots = await this.taxons.createQueryBuilder('taxon').where({ taxonomyId: In(taxonomyIds) }).andWhere('taxon.parent_id IS NULL').getMany();
    return new Map(roots.map((r) => [r.taxonomyId, r]));
  }

  /** Root nodes (with children or whole trees) of each taxonomy, keyed by taxonomy id. */
  async rootNodes(taxonomyIds: number[], depth: TaxonDepth): Promise<Map<number, TaxonNode>> {
    const roots = [...(await this.roots(taxonomyIds)).values()];
    const nodes = await this.nodes(roots, depth);
    return new Map(nodes.map((n) => [n.taxon.taxonomyId, n]));
  }
}
