import { ApiProperty, getSchemaPath } from '@nestjs/swagger';
import { Taxon } from './entities/taxon.entity';
import { Taxonomy } from './entities/taxonomy.entity';

/**
 * A taxon with what its JSON needs besides its own row: the pretty name
 * (ancestors' names joined by " -> ") and, when the view shows them, its
 * children. `children` undefined means the `taxons` key is left out.
 */
export interface TaxonNode {
  taxon: Taxon;
  prettyName: string;
  children?: TaxonNode[];
}

/** Spree's `taxon_attributes` plus `position` (commerce-api.md). */
export class TaxonJson {
  @ApiProperty({ type: 'integer', example: 3 }) id: number;
  @ApiProperty({ example: 'Shirts' }) name: string;
  @ApiProperty({ example: 'Categories -> Clothing -> Shirts', description: "Ancestors' names and its own, joined by ' -> '" }) pretty_name: string;
  @ApiProperty({ example: 'categories/clothing/shirts', description: 'Slash-separated path' }) permalink: string;
  @ApiProperty({ type: 'integer', nullable: true, example: 2, description: 'null for the root' }) parent_id: number | null;
  @ApiProperty({ type: 'integer', example: 1 }) taxonomy_id: number;
  @ApiProperty({ type: 'integer', example: 0, description: 'Order among its siblings' }) position: number;
}

/** A taxon with its immediate children (taxons/show.v1.rabl); the children carry no `taxons`. */
export class TaxonWithChildrenJson extends TaxonJson {
  @ApiProperty({
    type: 'array',
    // Itself: with `set=nested` each child has its own `taxons`.
    items: { $ref: getSchemaPath('TaxonWithChildrenJson') },
    required: false,
    description: 'Immediate children (left out of lists with `without_children`). With `set=nested` each child carries its own `taxons`, down to the leaves.',
  })
  taxons: Array<TaxonJson | TaxonWithChildrenJson>;
}

/** taxonomies/show.v1.rabl */
export class TaxonomyJson {
  @ApiProperty({ type: 'integer', example: 1 }) id: number;
  @ApiProperty({ example: 'Categories' }) name: string;
  @ApiProperty({ type: TaxonWithChildrenJson, nullable: true, description: "The root taxon (named like the taxonomy) with its immediate children, or the whole tree with `set=nested`" })
  root: TaxonWithChildrenJson | null;
}

export class JstreeAttrJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() name: string;
}

/** taxonomies/jstree.rabl, taxons/jstree.rabl */
export class JstreeNodeJson {
  @ApiProperty({ description: "The taxon's name" }) data: string;
  @ApiProperty({ type: JstreeAttrJson }) attr: JstreeAttrJson;
  @ApiProperty({ example: 'closed' }) state: string;
}

/** taxonomies/new.v1.rabl, taxons/new.v1.rabl */
export class NewResourceJson {
  @ApiProperty({ type: [String] }) attributes: string[];
  @ApiProperty({ type: [String] }) required_attributes: string[];
}

export const TAXONOMY_ATTRIBUTES = ['id', 'name'];
export const TAXON_ATTRIBUTES = ['id', 'name', 'pretty_name', 'permalink', 'parent_id', 'taxonomy_id'];

export function serializeTaxon(node: TaxonNode): TaxonJson | TaxonWithChildrenJson {
  const t = node.taxon;
  const json: TaxonJson = {
    id: t.id,
    name: t.name,
    pretty_name: node.prettyName,
    permalink: t.permalink,
    parent_id: t.parentId,
    taxonomy_id: t.taxonomyId,
    position: t.position,
  };
  return node.children ? { ...json, taxons: node.children.map(serializeTaxon) } : json;
}

export function serializeTaxonomy(taxonomy: Taxonomy, root: TaxonNode | undefined): TaxonomyJson {
  return { id: taxonomy.id, name: taxonomy.name, root: root ? (serializeTaxon(root) as TaxonWithChildrenJson) : null };
}

export function jstreeNode(taxon: Taxon): JstreeNodeJson {
  return { data: taxon.name, attr: { id: taxon.id, name: taxon.name }, state: 'closed' };
}
