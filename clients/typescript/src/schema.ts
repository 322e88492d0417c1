// Generated from the Commerce API OpenAPI document by openapi-typescript
// (clients/typescript/scripts/generate.mjs). Do not edit: run `npm run client:generate`.

export interface paths {
    "/health/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Health_live"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Health_ready"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Store settings: the default country and the currency */
        get: operations["StoreConfig_show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/config/money": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How the store writes money: symbol, its position, decimal mark, thousands separator */
        get: operations["StoreConfig_money"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List users (admins: all; a user: itself only) */
        get: operations["Users_index"];
        put?: never;
        /** Sign up: create a user (anyone) */
        post: operations["Users_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/new": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Attributes of a user, and those required to create one */
        get: operations["Users_new"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show a user (admins: any; a user: itself) */
        get: operations["Users_show"];
        /**
         * Update a user (admins: any; a user: itself)
         * @description Changing `password` or `email` needs `current_password` (the password as it is now), except for an admin changing another user; each one checked counts against the sign-in rate limits (429 over them). Addresses change with the API key alone. A new password revokes the user's other API keys (other sign-ins); the key that made the change stays valid. Set by an admin, it revokes them all.
         */
        put: operations["Users_update"];
        post?: never;
        /**
         * Delete a user (admins: any; a user: itself)
         * @description A user with completed orders cannot be deleted (422), as in Spree.
         */
        delete: operations["Users_destroy"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in: exchange email and password for a new API key */
        post: operations["Sessions_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/addresses/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show an address
         * @description Readable and changeable by an admin or by the user whose bill or ship address it is; an order's addresses are reached through /api/orders/:number/addresses/:id. 401 for anyone else, whether or not the address exists; 404 (no such address) for admins only.
         */
        get: operations["Addresses_show"];
        /**
         * Change an address
         * @description Readable and changeable by an admin or by the user whose bill or ship address it is; an order's addresses are reached through /api/orders/:number/addresses/:id. 401 for anyone else, whether or not the address exists; 404 (no such address) for admins only. Answers 200 with the address.
         */
        put: operations["Addresses_update"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/countries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List countries */
        get: operations["Countries_index"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/countries/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show a country with its states */
        get: operations["Countries_show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/states": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List states
         * @description Unpaginated unless `page` or `per_page` is sent.
         */
        get: operations["States_index"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/countries/{country_id}/states": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a country's states
         * @description Unpaginated unless `page` or `per_page` is sent.
         */
        get: operations["States_indexOfCountry"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/states/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show a state */
        get: operations["States_show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/countries/{country_id}/states/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show one of a country's states */
        get: operations["States_showOfCountry"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/zones": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List zones with their members */
        get: operations["Zones_index"];
        put?: never;
        /** Create a zone (admin) */
        post: operations["Zones_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/zones/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show a zone with its members */
        get: operations["Zones_show"];
        /**
         * Update a zone (admin)
         * @description Sending `zone_members` replaces every member.
         */
        put: operations["Zones_update"];
        post?: never;
        /**
         * Delete a zone (admin)
         * @description Refused (422) while live tax rates use the zone.
         */
        delete: operations["Zones_destroy"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List products (non-admins: only available, not deleted ones) */
        get: operations["Products_index"];
        put?: never;
        /** Create a product with its master variant (admin) */
        post: operations["Products_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products/new": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Describe the attributes of a product */
        get: operations["Products_describe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show a product by permalink or id */
        get: operations["Products_show"];
        /** Update a product (admin); answers 201 as commerce-api.md specifies */
        put: operations["Products_update"];
        post?: never;
        /** Soft-delete a product and its variants (admin) */
        delete: operations["Products_destroy"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/taxons/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the products of a taxon and its descendants, by their position in the taxon */
        get: operations["TaxonProducts_index"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/variants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List variants of every product (e.g. q[product_name_or_sku_cont]=shirt) */
        get: operations["Variants_index"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/variants/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show a variant with its stock items */
        get: operations["Variants_show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products/{product_id}/variants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a product's variants, master included */
        get: operations["ProductVariants_index"];
        put?: never;
        /** Create a variant; price defaults to the master price; stock items are created at propagating locations (admin) */
        post: operations["ProductVariants_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products/{product_id}/variants/new": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Describe the attributes of a variant */
        get: operations["ProductVariants_describe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products/{product_id}/variants/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show a variant of a product */
        get: operations["ProductVariants_show"];
        /** Update a variant (admin) */
        put: operations["ProductVariants_update"];
        post?: never;
        /** Soft-delete a variant (admin) */
        delete: operations["ProductVariants_destroy"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List properties */
        get: operations["Properties_index"];
        put?: never;
        /** Create a property (admin) */
        post: operations["Properties_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/new": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Describe the attributes of a property */
        get: operations["Properties_describe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/properties/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show a property by id or name */
        get: operations["Properties_show"];
        /** Update a property (admin) */
        put: operations["Properties_update"];
        post?: never;
        /** Delete a property and its product values (admin) */
        delete: operations["Properties_destroy"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products/{product_id}/product_properties": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a product's properties */
        get: operations["ProductProperties_index"];
        put?: never;
        /** Give a product a property value; the property is created when missing (admin) */
        post: operations["ProductProperties_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products/{product_id}/product_properties/new": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Describe the attributes of a product property */
        get: operations["ProductProperties_describe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products/{product_id}/product_properties/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show a product property by id or property name */
        get: operations["ProductProperties_show"];
        /** Update a product property (admin) */
        put: operations["ProductProperties_update"];
        post?: never;
        /** Remove a property from a product (admin) */
        delete: operations["ProductProperties_destroy"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products/{product_id}/images": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a product's images (its master's first, then its variants') */
        get: operations["ProductImages_index"];
        put?: never;
        /** Upload an image (or add image metadata) to a product's master variant, or to the variant named by viewable_id (admin) */
        post: operations["ProductImages_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products/{product_id}/images/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show an image of a product */
        get: operations["ProductImages_show"];
        /** Update an image: its metadata, or its file (admin) */
        put: operations["ProductImages_update"];
        post?: never;
        /** Delete an image (admin) */
        delete: operations["ProductImages_destroy"];
        options?: never;
        head?: never;
        /** Update an image: its metadata, or its file (admin); same as PUT */
        patch: operations["ProductImages_patch"];
        trace?: never;
    };
    "/api/variants/{variant_id}/images": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a variant's images */
        get: operations["VariantImages_index"];
        put?: never;
        /** Upload an image (or add image metadata) to a variant (admin) */
        post: operations["VariantImages_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/variants/{variant_id}/images/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show an image of a variant */
        get: operations["VariantImages_show"];
        /** Update an image: its metadata, or its file (admin) */
        put: operations["VariantImages_update"];
        post?: never;
        /** Delete an image (admin) */
        delete: operations["VariantImages_destroy"];
        options?: never;
        head?: never;
        /** Update an image: its metadata, or its file (admin); same as PUT */
        patch: operations["VariantImages_patch"];
        trace?: never;
    };
    "/api/option_types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List option types with their values */
        get: operations["OptionTypes_index"];
        put?: never;
        /** Create an option type (admin) */
        post: operations["OptionTypes_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/option_types/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show an option type with its values */
        get: operations["OptionTypes_show"];
        /** Update an option type (admin) */
        put: operations["OptionTypes_update"];
        post?: never;
        /** Delete an option type and its values (admin) */
        delete: operations["OptionTypes_destroy"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/option_types/{option_type_id}/option_values": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List an option type's values */
        get: operations["OptionValues_index"];
        put?: never;
        /** Create an option value (admin) */
        post: operations["OptionValues_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/option_types/{option_type_id}/option_values/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show an option value */
        get: operations["OptionValues_show"];
        /** Update an option value (admin) */
        put: operations["OptionValues_update"];
        post?: never;
        /** Delete an option value (admin) */
        delete: operations["OptionValues_destroy"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/option_values": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List option values of every option type */
        get: operations["AllOptionValues_index"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/option_values/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show an option value */
        get: operations["AllOptionValues_show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/taxonomies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List taxonomies, each with its root and the root's children (the whole tree with set=nested) */
        get: operations["Taxonomies_index"];
        put?: never;
        /** Create a taxonomy and its root taxon, named like it (admin) */
        post: operations["Taxonomies_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/taxonomies/new": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Describe the attributes of a taxonomy */
        get: operations["Taxonomies_describe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/taxonomies/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show a taxonomy with its root and the root's children (the whole tree with set=nested) */
        get: operations["Taxonomies_show"];
        /** Rename a taxonomy; its root taxon takes the new name (admin) */
        put: operations["Taxonomies_update"];
        post?: never;
        /** Delete a taxonomy with all its taxons (admin) */
        delete: operations["Taxonomies_destroy"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/taxonomies/{id}/jstree": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The taxonomy's root as a jsTree node */
        get: operations["Taxonomies_jstree"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/taxonomies/{taxonomy_id}/taxons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the root's children, each with its own children; with a q search, every matching taxon of the taxonomy */
        get: operations["TaxonomyTaxons_index"];
        put?: never;
        /** Create a taxon; under the taxonomy's root unless parent_id says otherwise (admin) */
        post: operations["TaxonomyTaxons_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/taxonomies/{taxonomy_id}/taxons/new": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Describe the attributes of a taxon */
        get: operations["TaxonomyTaxons_describe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/taxonomies/{taxonomy_id}/taxons/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show a taxon with its immediate children */
        get: operations["TaxonomyTaxons_show"];
        /** Rename, move (parent_id) or reorder (position or child_index) a taxon; permalinks of its subtree follow (admin) */
        put: operations["TaxonomyTaxons_update"];
        post?: never;
        /** Delete a taxon with all its descendants (admin); the root goes only with its taxonomy */
        delete: operations["TaxonomyTaxons_destroy"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/taxonomies/{taxonomy_id}/taxons/{id}/jstree": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The taxon's children as jsTree nodes */
        get: operations["TaxonomyTaxons_jstree"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/taxons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List taxons of every taxonomy in tree order, each with its immediate children */
        get: operations["Taxons_index"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/classifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Move a product to a 0-based position among its taxon's products (admin)
         * @description Flat parameters, in the body or the query string.
         */
        put: operations["Classifications_update"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stock_locations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List stock locations (admin) */
        get: operations["StockLocations_index"];
        put?: never;
        /**
         * Create a stock location (admin)
         * @description With propagate_all_variants (default true), every variant that is not deleted gets a stock item here, backorderable as backorderable_default.
         */
        post: operations["StockLocations_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stock_locations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show a stock location (admin) */
        get: operations["StockLocations_show"];
        /** Update a stock location (admin) */
        put: operations["StockLocations_update"];
        post?: never;
        /** Delete a stock location with its stock items and movements (admin) */
        delete: operations["StockLocations_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stock_locations/{stock_location_id}/stock_items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the stock items of a stock location (admin) */
        get: operations["StockItems_index"];
        put?: never;
        /**
         * Create a stock item (admin)
         * @description One stock item per variant and location (422 when the variant has one here or does not exist). An initial count_on_hand is recorded as a stock movement.
         */
        post: operations["StockItems_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stock_locations/{stock_location_id}/stock_items/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show a stock item (admin) */
        get: operations["StockItems_show"];
        /**
         * Change a stock item (admin)
         * @description Without force, count_on_hand is added to the stored count (a negative value subtracts); with force=true it replaces it. The difference is recorded as a stock movement and lock_version increases. A stale lock_version, or a count below zero on a stock item that is not backorderable, is a 422. Answers 201, as the API has always done.
         */
        put: operations["StockItems_update"];
        post?: never;
        /** Delete a stock item (admin; soft delete: deleted_at is set) */
        delete: operations["StockItems_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stock_locations/{stock_location_id}/stock_movements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the stock movements of a stock location (admin) */
        get: operations["StockMovements_index"];
        put?: never;
        /**
         * Record a stock movement (admin)
         * @description Adds quantity to the stock item's count on hand (negative takes stock) in the same transaction, unless the variant does not track inventory.
         */
        post: operations["StockMovements_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stock_locations/{stock_location_id}/stock_movements/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show a stock movement (admin) */
        get: operations["StockMovements_show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory_units/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show an inventory unit (admin) */
        get: operations["InventoryUnits_show"];
        /**
         * Change an inventory unit, or fire a state event on it (admin)
         * @description `inventory_unit[shipment_id]` (a shipment of the same order, or null) and `inventory_unit[variant_id]` change what is sent. `fire` then fires a state event: fill_backorder (backordered → on_hand), ship (on_hand → shipped), return (shipped → returned). An event the unit’s state does not allow, or an unknown one, is a 422 naming `state` and nothing changes. One transaction; the order’s shipment and payment states are recomputed. lock_version increases with every change.
         */
        put: operations["InventoryUnits_update"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List all orders (admin)
         * @description Each order with its own attributes only (no line items, shipments or payments). Newest first unless sorted. A back office searches e.g. `q[number_cont]`, `q[email_cont]`, `q[state_eq]`, and completed_at ranges with `q[completed_at_gt]`, `_lt`, `_gteq`, `_lteq` (an ISO 8601 date or date-time, UTC when it has no offset; a time that cannot be read is ignored), sorted with `q[s]=completed_at desc` (orders never completed come last).
         */
        get: operations["Orders_index"];
        put?: never;
        /**
         * Create an order (a cart)
         * @description Anyone may create an order. With an API key it belongs to that user and takes their e-mail; without one, whoever holds its `token` owns it. Optional `order[line_items]`, `order[email]`, addresses; admins may also set `order[user_id]` and `order[channel]` and line item prices.
         */
        post: operations["Orders_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/mine": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's own orders, newest first
         * @description Needs an API key (401 without one).
         */
        get: operations["Orders_mine"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{number}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show an order
         * @description For an admin, the order’s user, or whoever sends its token.
         */
        get: operations["Orders_show"];
        /**
         * Change an order
         * @description Attributes, addresses and line items (`order[line_items]` entries with an `id` change that line item, others add one). Does not move the checkout on; changing an address or a line item after delivery sends the checkout back to the address step.
         */
        put: operations["Orders_update"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{number}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Cancel a completed order
         * @description Only while none of its shipments has shipped. Stock is put back; through the gateway, authorized payments are voided and captured ones credited back. 422 otherwise.
         */
        put: operations["Orders_cancel"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{number}/empty": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Remove every line item, shipment and adjustment from an order in checkout
         * @description Answers 204 (Spree answers 200 with an empty body).
         */
        put: operations["Orders_empty"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{number}/addresses/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show the order's bill or ship address
         * @description 401 when the address is not this order's.
         */
        get: operations["OrderAddresses_show[0]"];
        /**
         * Change the order's bill or ship address
         * @description While the order is in checkout (admins: any time). After delivery, the checkout goes back to the address step; taxes are recomputed.
         */
        put: operations["OrderAddresses_update[0]"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/checkouts/{number}/addresses/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show the order's bill or ship address
         * @description 401 when the address is not this order's.
         */
        get: operations["OrderAddresses_show[1]"];
        /**
         * Change the order's bill or ship address
         * @description While the order is in checkout (admins: any time). After delivery, the checkout goes back to the address step; taxes are recomputed.
         */
        put: operations["OrderAddresses_update[1]"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/shipping_categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List shipping categories (admin) */
        get: operations["ShippingCategories_index"];
        put?: never;
        /** Create a shipping category (admin) */
        post: operations["ShippingCategories_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/shipping_categories/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show a shipping category (admin) */
        get: operations["ShippingCategories_show"];
        /** Update a shipping category (admin) */
        put: operations["ShippingCategories_update"];
        post?: never;
        /**
         * Delete a shipping category (admin)
         * @description Refused (422) while products use it; shipping methods lose it.
         */
        delete: operations["ShippingCategories_destroy"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/shipping_methods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List shipping methods (admin)
         * @description Deleted methods are not listed.
         */
        get: operations["ShippingMethods_index"];
        put?: never;
        /** Create a shipping method (admin) */
        post: operations["ShippingMethods_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/shipping_methods/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show a shipping method (admin) */
        get: operations["ShippingMethods_show"];
        /**
         * Update a shipping method (admin)
         * @description Sent `zone_ids` or `shipping_category_ids` replace the current ones.
         */
        put: operations["ShippingMethods_update"];
        post?: never;
        /**
         * Delete a shipping method (admin)
         * @description Soft delete: the method stays for past shipments but is no longer listed or offered.
         */
        delete: operations["ShippingMethods_destroy"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/shipments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Split a new shipment off a placed order (admin)
         * @description From `stock_location_id`, holding `quantity` units of `variant_id`: the line item grows and the stock is taken (backordered where the location allows). The order is `shipment[order_id]` (its number), or the one in the path. Answers 200, as Spree does. The new shipment has no rates until priced with `unlock=yes`.
         */
        post: operations["Shipments_create[0]"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{order_number}/shipments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Split a new shipment off a placed order (admin)
         * @description From `stock_location_id`, holding `quantity` units of `variant_id`: the line item grows and the stock is taken (backordered where the location allows). The order is `shipment[order_id]` (its number), or the one in the path. Answers 200, as Spree does. The new shipment has no rates until priced with `unlock=yes`.
         */
        post: operations["Shipments_create[1]"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/shipments/{number}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change a shipment (admin)
         * @description Tracking; the selected rate; the stock location (its stock moves); `unlock=yes` prices it again. A shipped or canceled shipment only takes tracking.
         */
        put: operations["Shipments_update[0]"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{order_number}/shipments/{number}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change a shipment (admin)
         * @description Tracking; the selected rate; the stock location (its stock moves); `unlock=yes` prices it again. A shipped or canceled shipment only takes tracking.
         */
        put: operations["Shipments_update[1]"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/shipments/{number}/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Mark a shipment ready (admin)
         * @description Only when its order is complete and paid and none of its units is backordered; otherwise 422 `Cannot ready shipment.`. Already ready: unchanged. Takes the same `shipment[...]` changes as update first.
         */
        put: operations["Shipments_ready[0]"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{order_number}/shipments/{number}/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Mark a shipment ready (admin)
         * @description Only when its order is complete and paid and none of its units is backordered; otherwise 422 `Cannot ready shipment.`. Already ready: unchanged. Takes the same `shipment[...]` changes as update first.
         */
        put: operations["Shipments_ready[1]"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/shipments/{number}/ship": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Ship a ready shipment (admin)
         * @description Sets `shipped_at`, ships its units and moves the order’s `shipment_state` (`shipped`, or `partial` while other shipments wait). Only from ready: otherwise 422 `Cannot ship shipment.`. Already shipped: unchanged. Send `shipment[tracking]` along.
         */
        put: operations["Shipments_ship[0]"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{order_number}/shipments/{number}/ship": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Ship a ready shipment (admin)
         * @description Sets `shipped_at`, ships its units and moves the order’s `shipment_state` (`shipped`, or `partial` while other shipments wait). Only from ready: otherwise 422 `Cannot ship shipment.`. Already shipped: unchanged. Send `shipment[tracking]` along.
         */
        put: operations["Shipments_ship[1]"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/shipments/{number}/add": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Add units of a variant to a shipment (admin)
         * @description The line item grows, stock is taken at the shipment’s location, and the order’s totals follow.
         */
        put: operations["Shipments_add[0]"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{order_number}/shipments/{number}/add": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Add units of a variant to a shipment (admin)
         * @description The line item grows, stock is taken at the shipment’s location, and the order’s totals follow.
         */
        put: operations["Shipments_add[1]"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/shipments/{number}/remove": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Remove units of a variant from a shipment (admin)
         * @description Backordered units go first. The line item shrinks, stock is put back, the order’s totals follow; a shipment left empty is deleted (the answer shows it with an empty manifest).
         */
        put: operations["Shipments_remove[0]"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{order_number}/shipments/{number}/remove": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Remove units of a variant from a shipment (admin)
         * @description Backordered units go first. The line item shrinks, stock is put back, the order’s totals follow; a shipment left empty is deleted (the answer shows it with an empty manifest).
         */
        put: operations["Shipments_remove[1]"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{number}/return_authorizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List an order's return authorizations (admin) */
        get: operations["ReturnAuthorizations_index"];
        put?: never;
        /**
         * Authorize a return on an order (admin)
         * @description The order must have shipped units (422 `order: has no shipped units`). The amount is made positive and may not exceed what was paid on the order less the amounts of its other return authorizations that are not canceled (422 naming `amount`). Starts `authorized`, with a generated RMA number unless one is given.
         */
        post: operations["ReturnAuthorizations_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{number}/return_authorizations/new": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Describe the attributes of a return authorization (admin) */
        get: operations["ReturnAuthorizations_describe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{number}/return_authorizations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show a return authorization of an order (admin) */
        get: operations["ReturnAuthorizations_show"];
        /**
         * Change a return authorization (admin)
         * @description Only while `authorized` (422 otherwise). The same rules as on create apply to what is sent.
         */
        put: operations["ReturnAuthorizations_update"];
        post?: never;
        /**
         * Delete a return authorization (admin)
         * @description Only while `authorized` (422 otherwise); its units are released.
         */
        delete: operations["ReturnAuthorizations_destroy"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{number}/return_authorizations/{id}/add": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set how many shipped units of a variant the return authorization holds (admin)
         * @description Attaches shipped units of the order's variant that no other return authorization holds, or detaches the surplus when `quantity` is lower than what it holds. The first units move the order to `awaiting_return`. Only while `authorized`; 422 when the variant has no shipped units on the order or too few are free.
         */
        put: operations["ReturnAuthorizations_add"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{number}/return_authorizations/{id}/receive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Receive the returned goods (admin)
         * @description authorized → received, only with units on it (422 `state` otherwise). Each unit becomes `returned` and goes back to stock (at the stock location of the authorization, else where it shipped from) with a stock movement; the order gets an `RMA Credit` adjustment of −amount and its totals and payment state are recomputed; it becomes `returned` once no other return authorization of it is awaited.
         */
        put: operations["ReturnAuthorizations_receive"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{number}/return_authorizations/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Cancel a return authorization (admin)
         * @description authorized → canceled (422 `state` from any other state).
         */
        put: operations["ReturnAuthorizations_cancel"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payment_methods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List payment methods (admin)
         * @description Deleted methods are not listed. Preferences (gateway credentials) are never shown.
         */
        get: operations["PaymentMethods_index"];
        put?: never;
        /** Create a payment method (admin) */
        post: operations["PaymentMethods_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payment_methods/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show a payment method (admin) */
        get: operations["PaymentMethods_show"];
        /** Update a payment method (admin) */
        put: operations["PaymentMethods_update"];
        post?: never;
        /**
         * Delete a payment method (admin)
         * @description Soft delete: past payments keep their method; it is no longer listed or offered.
         */
        delete: operations["PaymentMethods_destroy"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{number}/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List an order's payments */
        get: operations["Payments_index[0]"];
        put?: never;
        /**
         * Add a payment to an order
         * @description The payment starts in state `checkout`; the order’s other payments in checkout become `invalid`. A card payment method needs `payment[source_attributes]` (the card is checked and kept at the gateway; only its last digits, month, year, name and type are stored). 422 names the field: `payment_method_id`, `amount`, or `source_attributes` for the card; a card the gateway declines is a 422 with the gateway’s message.
         */
        post: operations["Payments_create[0]"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/checkouts/{number}/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List an order's payments */
        get: operations["Payments_index[1]"];
        put?: never;
        /**
         * Add a payment to an order
         * @description The payment starts in state `checkout`; the order’s other payments in checkout become `invalid`. A card payment method needs `payment[source_attributes]` (the card is checked and kept at the gateway; only its last digits, month, year, name and type are stored). 422 names the field: `payment_method_id`, `amount`, or `source_attributes` for the card; a card the gateway declines is a 422 with the gateway’s message.
         */
        post: operations["Payments_create[1]"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{number}/payments/new": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The attributes of a payment and the methods that may pay
         * @description Admins see the back-office's payment methods, everyone else the storefront's.
         */
        get: operations["Payments_describe[0]"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/checkouts/{number}/payments/new": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The attributes of a payment and the methods that may pay
         * @description Admins see the back-office's payment methods, everyone else the storefront's.
         */
        get: operations["Payments_describe[1]"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{number}/payments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show a payment of the order */
        get: operations["Payments_show[0]"];
        /**
         * Change a payment (admin)
         * @description Its amount or method, only while the payment is in state `checkout` or `pending`; otherwise 403 `{"error":"This payment cannot be updated because it is <state>."}`.
         */
        put: operations["Payments_update[0]"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/checkouts/{number}/payments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show a payment of the order */
        get: operations["Payments_show[1]"];
        /**
         * Change a payment (admin)
         * @description Its amount or method, only while the payment is in state `checkout` or `pending`; otherwise 403 `{"error":"This payment cannot be updated because it is <state>."}`.
         */
        put: operations["Payments_update[1]"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{number}/payments/{id}/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Authorize a payment (admin)
         * @description Holds the amount on the card: from `checkout` to `pending`. A check just becomes pending.
         */
        put: operations["Payments_authorize[0]"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/checkouts/{number}/payments/{id}/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Authorize a payment (admin)
         * @description Holds the amount on the card: from `checkout` to `pending`. A check just becomes pending.
         */
        put: operations["Payments_authorize[1]"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{number}/payments/{id}/capture": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Capture a payment (admin)
         * @description Takes the authorized amount: from `checkout` or `pending` to `completed` (a completed payment is answered as it is). The order’s payment state follows (`paid` once paid in full) and its shipments become `ready`.
         */
        put: operations["Payments_capture[0]"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/checkouts/{number}/payments/{id}/capture": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Capture a payment (admin)
         * @description Takes the authorized amount: from `checkout` or `pending` to `completed` (a completed payment is answered as it is). The order’s payment state follows (`paid` once paid in full) and its shipments become `ready`.
         */
        put: operations["Payments_capture[1]"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{number}/payments/{id}/purchase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Purchase a payment (admin)
         * @description Authorizes and captures at once: from `checkout` to `completed`.
         */
        put: operations["Payments_purchase[0]"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/checkouts/{number}/payments/{id}/purchase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Purchase a payment (admin)
         * @description Authorizes and captures at once: from `checkout` to `completed`.
         */
        put: operations["Payments_purchase[1]"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{number}/payments/{id}/void": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Void a payment (admin)
         * @description Cancels the authorization or the charge: from `checkout`, `pending` or `completed` to `void` (a void payment is answered as it is).
         */
        put: operations["Payments_void[0]"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/checkouts/{number}/payments/{id}/void": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Void a payment (admin)
         * @description Cancels the authorization or the charge: from `checkout`, `pending` or `completed` to `void` (a void payment is answered as it is).
         */
        put: operations["Payments_void[1]"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{number}/payments/{id}/credit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Credit a completed payment (admin)
         * @description Gives money back: a new completed payment of the negative amount whose source is this payment (`source_type` `Spree::Payment`); this payment stays completed and is answered. `amount` (top level) defaults to what the order owes the customer, at most the payment's credit_allowed (its amount less earlier credits).
         */
        put: operations["Payments_credit[0]"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/checkouts/{number}/payments/{id}/credit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Credit a completed payment (admin)
         * @description Gives money back: a new completed payment of the negative amount whose source is this payment (`source_type` `Spree::Payment`); this payment stays completed and is answered. `amount` (top level) defaults to what the order owes the customer, at most the payment's credit_allowed (its amount less earlier credits).
         */
        put: operations["Payments_credit[1]"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tax_categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List tax categories (admin)
         * @description Deleted categories are not listed.
         */
        get: operations["TaxCategories_index"];
        put?: never;
        /**
         * Create a tax category (admin)
         * @description With `is_default: true` every other category stops being the default.
         */
        post: operations["TaxCategories_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tax_categories/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show a tax category (admin) */
        get: operations["TaxCategories_show"];
        /**
         * Update a tax category (admin)
         * @description With `is_default: true` every other category stops being the default.
         */
        put: operations["TaxCategories_update"];
        post?: never;
        /**
         * Delete a tax category (admin)
         * @description Soft delete, together with its tax rates.
         */
        delete: operations["TaxCategories_destroy"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tax_rates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List tax rates (admin)
         * @description Deleted rates are not listed.
         */
        get: operations["TaxRates_index"];
        put?: never;
        /** Create a tax rate (admin) */
        post: operations["TaxRates_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tax_rates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show a tax rate (admin) */
        get: operations["TaxRates_show"];
        /** Update a tax rate (admin) */
        put: operations["TaxRates_update"];
        post?: never;
        /**
         * Delete a tax rate (admin)
         * @description Soft delete: the rate is no longer listed or applied.
         */
        delete: operations["TaxRates_destroy"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{number}/line_items/new": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The attributes a line item takes */
        get: operations["LineItems_describe[0]"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/checkouts/{number}/line_items/new": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The attributes a line item takes */
        get: operations["LineItems_describe[1]"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{number}/line_items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a variant to the order
         * @description The same variant again raises the existing line item’s quantity. The variant must be on sale and priced in the store currency. Totals are recomputed.
         */
        post: operations["LineItems_create[0]"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/checkouts/{number}/line_items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a variant to the order
         * @description The same variant again raises the existing line item’s quantity. The variant must be on sale and priced in the store currency. Totals are recomputed.
         */
        post: operations["LineItems_create[1]"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{number}/line_items/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change a line item's quantity (admins: also its price) */
        put: operations["LineItems_update[0]"];
        post?: never;
        /** Remove a line item */
        delete: operations["LineItems_remove[0]"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/checkouts/{number}/line_items/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change a line item's quantity (admins: also its price) */
        put: operations["LineItems_update[1]"];
        post?: never;
        /** Remove a line item */
        delete: operations["LineItems_remove[1]"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/checkouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an order (same as POST /api/orders)
         * @description Anyone may create an order. With an API key it belongs to that user and takes their e-mail; without one, whoever holds its `token` owns it. Optional `order[line_items]`, `order[email]`, addresses; admins may also set `order[user_id]` and `order[channel]` and line item prices.
         */
        post: operations["Checkouts_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/checkouts/{number}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Moved: answers 301 to /api/orders/:number */
        get: operations["Checkouts_show"];
        /**
         * Send what the current checkout step needs, then move one step on
         * @description Addresses (`order[bill_address_attributes]`, `order[ship_address_attributes]`), a shipping rate per shipment (`order[shipments_attributes]`), a payment (`order[payments_attributes]` as a list or, as in 2-2-stable, one object; card fields in `payment_source[<payment_method_id>]`, top-level or inside `order`, or in `source_attributes`; or `existing_card`). With nothing to send, it only moves on. A failed step answers 422 and leaves the order unchanged; a completed order is returned as it is.
         */
        put: operations["Checkouts_update"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/checkouts/{number}/next": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Move the order one checkout step on
         * @description cart → address → delivery → payment → confirm → complete (payment only when the total is above zero; confirm only when the payment method keeps card profiles).
         */
        put: operations["Checkouts_next"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/checkouts/{number}/advance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Move the order on as far as it can go, short of completing it
         * @description Stops quietly at the first step that cannot be taken.
         */
        put: operations["Checkouts_advance"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/promotions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List promotions (admin) */
        get: operations["Promotions_index"];
        put?: never;
        /**
         * Create a promotion (admin)
         * @description A coupon code with optional dates and usage limit, and one order-level discount: `flat_rate` with `amount`, or `flat_percent_item_total` with `percent`.
         */
        post: operations["Promotions_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/promotions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show a promotion (admin) */
        get: operations["Promotions_show"];
        /**
         * Update a promotion (admin)
         * @description Orders in checkout carrying its discount are recomputed; completed orders keep theirs.
         */
        put: operations["Promotions_update"];
        post?: never;
        /**
         * Delete a promotion (admin)
         * @description Orders in checkout lose its discount; completed orders keep theirs.
         */
        delete: operations["Promotions_destroy"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{number}/apply_coupon_code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Apply a coupon code to an order in checkout (admin, the order's user, or its token holder)
         * @description `coupon_code` in the query or the body, in any case. On success the promotion’s discount is an adjustment on the order (`adjustments`, label "Promotion (<name>)") that follows the order’s item total until it completes. Refusals answer 422 with `successful: false` and Spree’s text in `error`, and change nothing.
         */
        put: operations["CouponCodes_apply"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        StoreConfigJson: {
            /** @description the store’s default country (DEFAULT_COUNTRY, US unless configured); null when that country is not loaded */
            default_country_id: number | null;
            /**
             * @description the store currency (CURRENCY)
             * @example USD
             */
            currency: string;
        };
        MoneyConfigJson: {
            /** @example $ */
            symbol: string;
            /**
             * @example before
             * @enum {string}
             */
            symbol_position: "before" | "after";
            /** @description amounts are shown without cents */
            no_cents: boolean;
            /** @example . */
            decimal_mark: string;
            /** @example , */
            thousands_separator: string;
            /** @example USD */
            currency: string;
        };
        CountryJson: {
            id: number;
            /** @example UNITED STATES OF AMERICA */
            iso_name: string;
            /** @example US */
            iso: string;
            /** @example USA */
            iso3: string;
            /** @example United States of America */
            name: string;
            /** @example 840 */
            numcode: number;
        };
        CountryStateJson: {
            id: number;
            /** @example New York */
            name: string;
            /** @example NY */
            abbr: string;
            country_id: number;
        };
        AddressJson: {
            id: number;
            firstname: string | null;
            lastname: string | null;
            full_name: string;
            address1: string | null;
            address2: string | null;
            city: string | null;
            zipcode: string | null;
            phone: string | null;
            company: string | null;
            alternative_phone: string | null;
            country_id: number | null;
            state_id: number | null;
            state_name: string | null;
            /** @description The state's abbreviation, or its name, or state_name */
            state_text: string | null;
            country: components["schemas"]["CountryJson"] | null;
            state: components["schemas"]["CountryStateJson"] | null;
        };
        UserJson: {
            id: number;
            email: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            bill_address: components["schemas"]["AddressJson"] | null;
            ship_address: components["schemas"]["AddressJson"] | null;
        };
        InvalidResourceResponse: {
            /** @example Invalid resource. Please fix errors and try again. */
            error: string;
            /**
             * @example {
             *       "name": [
             *         "can't be blank"
             *       ]
             *     }
             */
            errors: {
                [key: string]: string[];
            };
        };
        NewUserJson: {
            /**
             * @example [
             *       "id",
             *       "email",
             *       "created_at",
             *       "updated_at"
             *     ]
             */
            attributes: string[];
            /**
             * @example [
             *       "email",
             *       "password"
             *     ]
             */
            required_attributes: string[];
        };
        ErrorResponse: {
            /** @example The resource you were looking for could not be found. */
            error: string;
        };
        CreateUserDto: {
            /** @example shopper@example.com */
            email: string;
            /** @description At least 6 characters */
            password: string;
            password_confirmation?: string | null;
        };
        AddressParamsDto: {
            firstname?: string | null;
            lastname?: string | null;
            company?: string | null;
            address1?: string | null;
            address2?: string | null;
            city?: string | null;
            zipcode?: string | null;
            phone?: string | null;
            alternative_phone?: string | null;
            /** @description Free-text state, for countries without a state list */
            state_name?: string | null;
            country_id?: number | null;
            state_id?: number | null;
        };
        UpdateUserDto: {
            email?: string | null;
            password?: string | null;
            password_confirmation?: string | null;
            /** @description The user's password as it is now: needed to change `password` or `email` (an API key alone cannot take over its account), except when an admin changes another user. Missing: 422 `current_password: ["can't be blank"]`; wrong: 422 `current_password: ["is invalid"]`. Each one checked counts against the sign-in rate limits of the account and of the client address (429 over them). Ignored otherwise; never echoed or logged. */
            current_password?: string | null;
            bill_address_attributes?: components["schemas"]["AddressParamsDto"];
            ship_address_attributes?: components["schemas"]["AddressParamsDto"];
        };
        SignInDto: {
            /** @example shopper@example.com */
            email: string;
            password: string;
        };
        SessionJson: {
            /** @description A new API key for this sign-in: send it as `Authorization: Bearer <key>`. Shown only here. */
            api_key: string;
            user: components["schemas"]["UserJson"];
        };
        CountryWithStatesJson: {
            id: number;
            /** @example UNITED STATES OF AMERICA */
            iso_name: string;
            /** @example US */
            iso: string;
            /** @example USA */
            iso3: string;
            /** @example United States of America */
            name: string;
            /** @example 840 */
            numcode: number;
            states: components["schemas"]["CountryStateJson"][];
        };
        StateJson: {
            id: number;
            /** @example New York */
            name: string;
            /** @example NY */
            abbr: string;
            country_id: number;
        };
        ZoneMemberJson: {
            id: number;
            /** @example United States of America */
            name: string | null;
            /** @enum {string} */
            zoneable_type: "Spree::Country" | "Spree::State";
            zoneable_id: number;
        };
        ZoneJson: {
            id: number;
            /** @example North America */
            name: string;
            /** @example USA + Canada */
            description: string | null;
            zone_members: components["schemas"]["ZoneMemberJson"][];
        };
        ZoneMemberParams: {
            /** @enum {string} */
            zoneable_type: "Spree::Country" | "Spree::State";
            zoneable_id: number;
        };
        CreateZoneDto: {
            /** @example Europe */
            name: string;
            /** @example European countries */
            description?: string | null;
            /** @description All members of a zone are countries, or all are states. Entries without zoneable_id are skipped. Form clients may send an index-keyed hash (`zone[zone_members][0][zoneable_id]=1`). */
            zone_members?: components["schemas"]["ZoneMemberParams"][];
            /** @description Same as `zone_members` (the Rails nested-attributes name); `zone_members` wins when both are sent. */
            zone_members_attributes?: components["schemas"]["ZoneMemberParams"][];
        };
        UpdateZoneDto: {
            /** @example Europe */
            name?: string | null;
            /** @example European countries */
            description?: string | null;
            /** @description When sent, replaces all members. All members of a zone are countries, or all are states. Entries without zoneable_id are skipped. Form clients may send an index-keyed hash (`zone[zone_members][0][zoneable_id]=1`). */
            zone_members?: components["schemas"]["ZoneMemberParams"][];
            /** @description Same as `zone_members` (the Rails nested-attributes name); `zone_members` wins when both are sent. */
            zone_members_attributes?: components["schemas"]["ZoneMemberParams"][];
        };
        OptionValueJson: {
            id: number;
            /** @example small */
            name: string;
            /** @example S */
            presentation: string;
            /** @example tshirt-size */
            option_type_name: string;
            option_type_id: number;
            /** @example Size */
            option_type_presentation: string;
        };
        ImageJson: {
            id: number;
            position: number;
            /** @example image/jpeg */
            attachment_content_type: string;
            /** @example thinking-cat.jpg */
            attachment_file_name: string;
            /** @example Spree::Image */
            type: string;
            /** Format: date-time */
            attachment_updated_at: string | null;
            attachment_width: number | null;
            attachment_height: number | null;
            alt: string | null;
            /** @example Spree::Variant */
            viewable_type: string;
            viewable_id: number;
            /**
             * @description The uploaded image fitted inside 48×48 (never enlarged), in its uploaded format. A path on this service, or an absolute URL on ASSET_HOST/the S3 bucket; a new upload gets new URLs, so the file may be cached forever (Cache-Control: public, max-age=31536000, immutable). An image made from metadata only (no file) has a URL that answers 404.
             * @example /spree/products/3f0c9a1e2b7d4c5a6e8f9012/mini.jpg
             */
            mini_url: string;
            /**
             * @description The uploaded image fitted inside 100×100 (never enlarged), in its uploaded format. A path on this service, or an absolute URL on ASSET_HOST/the S3 bucket; a new upload gets new URLs, so the file may be cached forever (Cache-Control: public, max-age=31536000, immutable). An image made from metadata only (no file) has a URL that answers 404.
             * @example /spree/products/3f0c9a1e2b7d4c5a6e8f9012/small.jpg
             */
            small_url: string;
            /**
             * @description The uploaded image fitted inside 240×240 (never enlarged), in its uploaded format. A path on this service, or an absolute URL on ASSET_HOST/the S3 bucket; a new upload gets new URLs, so the file may be cached forever (Cache-Control: public, max-age=31536000, immutable). An image made from metadata only (no file) has a URL that answers 404.
             * @example /spree/products/3f0c9a1e2b7d4c5a6e8f9012/product.jpg
             */
            product_url: string;
            /**
             * @description The uploaded image fitted inside 600×600 (never enlarged), in its uploaded format. A path on this service, or an absolute URL on ASSET_HOST/the S3 bucket; a new upload gets new URLs, so the file may be cached forever (Cache-Control: public, max-age=31536000, immutable). An image made from metadata only (no file) has a URL that answers 404.
             * @example /spree/products/3f0c9a1e2b7d4c5a6e8f9012/large.jpg
             */
            large_url: string;
        };
        VariantSmallJson: {
            id: number;
            /** @example Ruby on Rails Tote */
            name: string;
            /** @example ROR-00011 */
            sku: string;
            /** @example 15.99 */
            price: string | null;
            /** @example 1.50 */
            weight: string | null;
            height: string | null;
            width: string | null;
            depth: string | null;
            is_master: boolean;
            /** @example 17.00 */
            cost_price: string | null;
            /** @example ruby-on-rails-tote */
            slug: string;
            description: string | null;
            track_inventory: boolean;
            /** @example $15.99 */
            display_price: string | null;
            /** @example Size: S, Color: Red */
            options_text: string;
            in_stock: boolean;
            option_values: components["schemas"]["OptionValueJson"][];
            images: components["schemas"]["ImageJson"][];
        };
        OptionTypeBaseJson: {
            id: number;
            /** @example tshirt-size */
            name: string;
            /** @example Size */
            presentation: string;
            position: number;
        };
        ProductPropertyJson: {
            id: number;
            product_id: number;
            property_id: number;
            /** @example cotton */
            value: string | null;
            /** @example fabric */
            property_name: string;
        };
        ProductJson: {
            id: number;
            /** @example Ruby on Rails Tote */
            name: string;
            description: string | null;
            /** @example 15.99 */
            price: string | null;
            /** @example $15.99 */
            display_price: string | null;
            /** Format: date-time */
            available_on: string | null;
            /** @example ruby-on-rails-tote */
            slug: string;
            meta_description: string | null;
            meta_keywords: string | null;
            shipping_category_id: number;
            taxon_ids: number[];
            /** @description Units on hand over the stock items of the master and the variants */
            total_on_hand: number;
            /**
             * @description Same as slug
             * @example ruby-on-rails-tote
             */
            permalink: string;
            /** Format: date-time */
            deleted_at: string | null;
            has_variants: boolean;
            master: components["schemas"]["VariantSmallJson"] | null;
            variants: components["schemas"]["VariantSmallJson"][];
            option_types: components["schemas"]["OptionTypeBaseJson"][];
            product_properties: components["schemas"]["ProductPropertyJson"][];
        };
        ProductDescriptionJson: {
            attributes: string[];
            required_attributes: string[];
        };
        VariantOptionDto: {
            /** @example size */
            name: string;
            /** @example small */
            value: string;
        };
        EmbeddedVariantParamsDto: {
            /**
             * Format: decimal
             * @description Defaults to the master's price
             * @example 19.99
             */
            price?: string | null;
            /**
             * Format: decimal
             * @example 12.00
             */
            cost_price?: string | null;
            /**
             * @description Blank: none, stored as ''
             * @example ROR-00011
             */
            sku?: string | null;
            /**
             * Format: decimal
             * @example 1.50
             */
            weight?: string | null;
            /**
             * Format: decimal
             * @example 19.99
             */
            height?: string | null;
            /**
             * Format: decimal
             * @example 19.99
             */
            width?: string | null;
            /**
             * Format: decimal
             * @example 19.99
             */
            depth?: string | null;
            position?: number | null;
            track_inventory?: boolean | null;
            /** @description Ids of option values; replaces the set */
            option_value_ids?: number[] | null;
            options?: components["schemas"]["VariantOptionDto"][];
            /** @description Update this variant of the product instead of creating one (blank: a new variant) */
            id?: number | null;
        };
        ProductPropertyParamsDto: {
            /** @example fabric */
            property_name?: string | null;
            /** @example cotton */
            value?: string | null;
            position?: number | null;
        };
        ProductParamsDto: {
            /** @example Ruby on Rails Tote */
            name?: string | null;
            description?: string | null;
            /**
             * Format: date-time
             * @description Defaults to now on create
             */
            available_on?: string | null;
            /** @description Generated from the name when absent or blank; an update without it keeps the current one */
            permalink?: string | null;
            /** @description Same as permalink */
            slug?: string | null;
            meta_description?: string | null;
            meta_keywords?: string | null;
            /**
             * Format: decimal
             * @description The master variant's price in the store currency
             * @example 19.99
             */
            price?: string | null;
            /** @description The master variant's SKU (blank: none, stored as '') */
            sku?: string | null;
            /**
             * Format: decimal
             * @example 19.99
             */
            weight?: string | null;
            /**
             * Format: decimal
             * @example 19.99
             */
            height?: string | null;
            /**
             * Format: decimal
             * @example 19.99
             */
            width?: string | null;
            /**
             * Format: decimal
             * @example 19.99
             */
            depth?: string | null;
            /**
             * Format: decimal
             * @example 19.99
             */
            cost_price?: string | null;
            shipping_category_id?: number | null;
            /** @description A shipping category name, found or created (instead of shipping_category_id) */
            shipping_category?: string | null;
            tax_category_id?: number | null;
            /** @description Taxon ids ("1,2" or an array); replaces the classifications */
            taxon_ids?: number[] | null;
            /** @description Option type ids; replaces the set */
            option_type_ids?: number[] | null;
            /** @description Option type names, found or created, added to the product */
            option_types?: string[];
            /** @description Variants to create (or, with an id, to update) */
            variants?: components["schemas"]["EmbeddedVariantParamsDto"][];
            /** @description Same as variants */
            variants_attributes?: components["schemas"]["EmbeddedVariantParamsDto"][];
            /** @description Properties by name with values */
            product_properties_attributes?: components["schemas"]["ProductPropertyParamsDto"][];
        };
        VariantStockItemJson: {
            id: number;
            count_on_hand: number;
            backorderable: boolean;
            lock_version: number;
            stock_location_id: number;
            variant_id: number;
            /** @example default */
            stock_location_name: string;
        };
        VariantJson: {
            id: number;
            /** @example Ruby on Rails Tote */
            name: string;
            /** @example ROR-00011 */
            sku: string;
            /** @example 15.99 */
            price: string | null;
            /** @example 1.50 */
            weight: string | null;
            height: string | null;
            width: string | null;
            depth: string | null;
            is_master: boolean;
            /** @example 17.00 */
            cost_price: string | null;
            /** @example ruby-on-rails-tote */
            slug: string;
            description: string | null;
            track_inventory: boolean;
            /** @example $15.99 */
            display_price: string | null;
            /** @example Size: S, Color: Red */
            options_text: string;
            in_stock: boolean;
            option_values: components["schemas"]["OptionValueJson"][];
            images: components["schemas"]["ImageJson"][];
            product_id: number;
            stock_items: components["schemas"]["VariantStockItemJson"][];
        };
        DescribeAttributesJson: {
            attributes: string[];
            required_attributes: string[];
        };
        VariantParamsDto: {
            /**
             * Format: decimal
             * @description Defaults to the master's price
             * @example 19.99
             */
            price?: string | null;
            /**
             * Format: decimal
             * @example 12.00
             */
            cost_price?: string | null;
            /**
             * @description Blank: none, stored as ''
             * @example ROR-00011
             */
            sku?: string | null;
            /**
             * Format: decimal
             * @example 1.50
             */
            weight?: string | null;
            /**
             * Format: decimal
             * @example 19.99
             */
            height?: string | null;
            /**
             * Format: decimal
             * @example 19.99
             */
            width?: string | null;
            /**
             * Format: decimal
             * @example 19.99
             */
            depth?: string | null;
            position?: number | null;
            track_inventory?: boolean | null;
            /** @description Ids of option values; replaces the set */
            option_value_ids?: number[] | null;
            options?: components["schemas"]["VariantOptionDto"][];
        };
        PropertyJson: {
            id: number;
            /** @example fabric */
            name: string;
            /** @example Fabric */
            presentation: string;
        };
        PropertyParamsDto: {
            /** @example fabric */
            name?: string | null;
            /** @example Fabric */
            presentation?: string | null;
        };
        ImageParamsDto: {
            /** @example thinking-cat.jpg */
            attachment_file_name?: string | null;
            /**
             * @description Must be an image/* type
             * @example image/jpeg
             */
            attachment_content_type?: string | null;
            attachment_width?: number | null;
            attachment_height?: number | null;
            attachment_file_size?: number | null;
            alt?: string | null;
            position?: number | null;
            /**
             * @description Only Spree::Variant
             * @example Spree::Variant
             */
            viewable_type?: string | null;
            /** @description A variant of the product (its master by default) */
            viewable_id?: number | null;
        };
        OptionTypeJson: {
            id: number;
            /** @example tshirt-size */
            name: string;
            /** @example Size */
            presentation: string;
            position: number;
            option_values: components["schemas"]["OptionValueJson"][];
        };
        OptionTypeParamsDto: {
            /** @example tshirt-size */
            name?: string | null;
            /** @example Size */
            presentation?: string | null;
            position?: number | null;
        };
        OptionValueParamsDto: {
            /** @example small */
            name?: string | null;
            /** @example S */
            presentation?: string | null;
            position?: number | null;
        };
        TaxonJson: {
            /** @example 3 */
            id: number;
            /** @example Shirts */
            name: string;
            /**
             * @description Ancestors' names and its own, joined by ' -> '
             * @example Categories -> Clothing -> Shirts
             */
            pretty_name: string;
            /**
             * @description Slash-separated path
             * @example categories/clothing/shirts
             */
            permalink: string;
            /**
             * @description null for the root
             * @example 2
             */
            parent_id: number | null;
            /** @example 1 */
            taxonomy_id: number;
            /**
             * @description Order among its siblings
             * @example 0
             */
            position: number;
        };
        TaxonWithChildrenJson: {
            /** @example 3 */
            id: number;
            /** @example Shirts */
            name: string;
            /**
             * @description Ancestors' names and its own, joined by ' -> '
             * @example Categories -> Clothing -> Shirts
             */
            pretty_name: string;
            /**
             * @description Slash-separated path
             * @example categories/clothing/shirts
             */
            permalink: string;
            /**
             * @description null for the root
             * @example 2
             */
            parent_id: number | null;
            /** @example 1 */
            taxonomy_id: number;
            /**
             * @description Order among its siblings
             * @example 0
             */
            position: number;
            /** @description Immediate children (left out of lists with `without_children`). With `set=nested` each child carries its own `taxons`, down to the leaves. */
            taxons?: components["schemas"]["TaxonJson"][];
        };
        TaxonomyJson: {
            /** @example 1 */
            id: number;
            /** @example Categories */
            name: string;
            /** @description The root taxon (named like the taxonomy) with its immediate children, or the whole tree with `set=nested` */
            root: components["schemas"]["TaxonWithChildrenJson"] | null;
        };
        NewResourceJson: {
            attributes: string[];
            required_attributes: string[];
        };
        JstreeAttrJson: {
            id: number;
            name: string;
        };
        JstreeNodeJson: {
            /** @description The taxon's name */
            data: string;
            attr: components["schemas"]["JstreeAttrJson"];
            /** @example closed */
            state: string;
        };
        TaxonomyParamsDto: {
            /** @example Categories */
            name?: string | null;
        };
        TaxonParamsDto: {
            /** @example Shirts */
            name?: string | null;
            /** @description Parent taxon in the same taxonomy; the root when not given on create. */
            parent_id?: number | null;
            /** @description 0-based place among the siblings; the others shift to make room. */
            position?: number | null;
            /** @description Spree's jstree name for `position`: 0-based place among the siblings. */
            child_index?: number | null;
            /** @description Last segment of the permalink (the parent's permalink is prepended); derived from the name when absent. */
            permalink?: string | null;
            description?: string | null;
            meta_title?: string | null;
            meta_description?: string | null;
            meta_keywords?: string | null;
        };
        ClassificationParamsDto: {
            product_id: number;
            taxon_id: number;
            /** @description 0-based place among the taxon's products (default 0: first). */
            position?: number | null;
        };
        StockLocationStateJson: {
            id: number;
            /** @example New York */
            name: string;
            /** @example NY */
            abbr: string;
            country_id: number;
        };
        StockLocationJson: {
            id: number;
            /** @example NY Warehouse */
            name: string;
            /** @example 1600 Pennsylvania Ave NW */
            address1: string | null;
            address2: string | null;
            /** @example Washington */
            city: string | null;
            state_id: number | null;
            state_name: string | null;
            country_id: number | null;
            /** @example 20500 */
            zipcode: string | null;
            /** @example (202) 456-1111 */
            phone: string | null;
            active: boolean;
            country: components["schemas"]["CountryJson"] | null;
            state: components["schemas"]["StockLocationStateJson"] | null;
        };
        CreateStockLocationDto: {
            /** @example 1600 Pennsylvania Ave NW */
            address1?: string | null;
            address2?: string | null;
            /** @example Washington */
            city?: string | null;
            /** @example 20500 */
            zipcode?: string | null;
            /** @example (202) 456-1111 */
            phone?: string | null;
            /** @description id of a country */
            country_id?: number | null;
            /** @description id of a state of the country */
            state_id?: number | null;
            /** @description free-text state, for countries without states */
            state_name?: string | null;
            /** @example true */
            active?: boolean | null;
            /** @description backorderable value of the stock items created here for new variants */
            backorderable_default?: boolean | null;
            /** @description give every variant a stock item here (default true) */
            propagate_all_variants?: boolean | null;
            /** @example NY Warehouse */
            name: string;
        };
        UpdateStockLocationDto: {
            /** @example 1600 Pennsylvania Ave NW */
            address1?: string | null;
            address2?: string | null;
            /** @example Washington */
            city?: string | null;
            /** @example 20500 */
            zipcode?: string | null;
            /** @example (202) 456-1111 */
            phone?: string | null;
            /** @description id of a country */
            country_id?: number | null;
            /** @description id of a state of the country */
            state_id?: number | null;
            /** @description free-text state, for countries without states */
            state_name?: string | null;
            /** @example true */
            active?: boolean | null;
            /** @description backorderable value of the stock items created here for new variants */
            backorderable_default?: boolean | null;
            /** @description give every variant a stock item here (default true) */
            propagate_all_variants?: boolean | null;
            /** @example NY Warehouse */
            name?: string | null;
        };
        StockItemJson: {
            id: number;
            /** @example 10 */
            count_on_hand: number;
            backorderable: boolean;
            /** @description bumped by every change (optimistic locking) */
            lock_version: number;
            stock_location_id: number;
            variant_id: number;
            /** @description the catalog’s small variant form */
            variant: components["schemas"]["VariantSmallJson"] | null;
        };
        CreateStockItemDto: {
            /** @description the variant this stock item counts */
            variant_id: number;
            /**
             * @description initial count on hand (recorded as a stock movement); default 0
             * @example 20
             */
            count_on_hand?: number | null;
            /** @description default false */
            backorderable?: boolean | null;
        };
        UpdateStockItemDto: {
            /**
             * @description added to the stored count (negative subtracts); with force=true it replaces it
             * @example 5
             */
            count_on_hand?: number | null;
            /** @description replace the count instead of adding to it */
            force?: boolean | null;
            backorderable?: boolean | null;
            /** @description optimistic lock: when sent and no longer current, the update is refused with 422 */
            lock_version?: number | null;
        };
        StockMovementJson: {
            id: number;
            /** @example 5 */
            quantity: number;
            stock_item_id: number;
            /** @example received */
            action: string | null;
            stock_item: components["schemas"]["StockItemJson"];
        };
        CreateStockMovementDto: {
            /** @description a stock item of this stock location */
            stock_item_id: number;
            /**
             * @description added to the stock item’s count on hand (negative takes stock); default 0
             * @example 5
             */
            quantity?: number | null;
            /** @example received */
            action?: string | null;
        };
        InventoryUnitJson: {
            id: number;
            /** @description bumped by every change (optimistic locking) */
            lock_version: number;
            /**
             * @example on_hand
             * @enum {string}
             */
            state: "on_hand" | "backordered" | "shipped" | "returned";
            variant_id: number;
            shipment_id: number | null;
            return_authorization_id: number | null;
        };
        UpdateInventoryUnitDto: {
            /** @description move the unit to another shipment of the same order; null detaches it from its shipment */
            shipment_id?: number | null;
            /** @description Spree’s `inventory_unit[shipment]`: the same as shipment_id (null detaches the unit) */
            shipment?: number | null;
            /** @description an existing variant */
            variant_id?: number | null;
            /** @description optimistic lock: when sent and no longer current, the update is refused with 422 */
            lock_version?: number | null;
        };
        InventoryUnitUpdateBody: {
            /**
             * @description a state event to fire after the update (also accepted in the query string)
             * @enum {string}
             */
            fire?: "fill_backorder" | "ship" | "return";
            inventory_unit?: components["schemas"]["UpdateInventoryUnitDto"];
        };
        OrderLineItemDto: {
            /** @description An existing line item of this order, to change its quantity (blank: a new line item) */
            id?: number | null;
            variant_id?: number | null;
            /** @description Defaults to 1 for a new line item; when blank an existing one keeps its quantity */
            quantity?: number | null;
            /**
             * Format: decimal
             * @description Admins only; ignored for anyone else
             * @example 19.99
             */
            price?: string | null;
        };
        OrderParamsDto: {
            /** @example shopper@example.com */
            email?: string | null;
            special_instructions?: string | null;
            /** @description Ship to the billing address (copies it) */
            use_billing?: boolean | null;
            /** @description Admins only: the user the order belongs to */
            user_id?: number;
            /**
             * @description Admins only
             * @example spree
             */
            channel?: string;
            /**
             * @description PUT /api/checkouts/:number only: applies a coupon code as PUT /api/orders/:number/apply_coupon_code does. A refused code answers 422 with its text and nothing is saved.
             * @example SAVE10
             */
            coupon_code?: string | null;
            /** @description A list, or a hash keyed "0", "1", …; also accepted as line_items_attributes */
            line_items?: components["schemas"]["OrderLineItemDto"][];
            /** @description Also accepted as bill_address_attributes */
            bill_address?: components["schemas"]["AddressParamsDto"];
            /** @description Also accepted as ship_address_attributes */
            ship_address?: components["schemas"]["AddressParamsDto"];
        };
        OrderBodyDto: {
            order?: components["schemas"]["OrderParamsDto"];
            order_token?: string;
        };
        OrderSummaryJson: {
            id: number;
            /** @example R123456789 */
            number: string;
            /** @example 31.98 */
            item_total: string;
            /** @example 36.98 */
            total: string;
            /** @example 5.00 */
            ship_total: string;
            /**
             * @example cart
             * @enum {string}
             */
            state: "cart" | "address" | "delivery" | "payment" | "confirm" | "complete" | "canceled" | "returned" | "awaiting_return" | "resumed";
            /** @example 0.00 */
            adjustment_total: string;
            user_id: number | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** Format: date-time */
            completed_at: string | null;
            /** @example 0.00 */
            payment_total: string;
            /** @example pending */
            shipment_state: string | null;
            /** @example balance_due */
            payment_state: string | null;
            /** @example shopper@example.com */
            email: string | null;
            special_instructions: string | null;
            /** @example spree */
            channel: string;
            /** @example 0.00 */
            included_tax_total: string;
            /** @example 0.00 */
            additional_tax_total: string;
            /** @example $0.00 */
            display_included_tax_total: string;
            /** @example $0.00 */
            display_additional_tax_total: string;
            /** @example 0.00 */
            tax_total: string;
            /** @example USD */
            currency: string;
            /** @example $31.98 */
            display_item_total: string;
            /** @example 2 */
            total_quantity: number;
            /** @example $36.98 */
            display_total: string;
            /** @example $5.00 */
            display_ship_total: string;
            /** @example $0.00 */
            display_tax_total: string;
            /** @example $0.00 */
            display_adjustment_total: string;
            /** @description The order token: send it as order_token (or X-Spree-Order-Token) to read and change a guest order */
            token: string;
            /**
             * @example [
             *       "address",
             *       "delivery",
             *       "payment",
             *       "confirm",
             *       "complete"
             *     ]
             */
            checkout_steps: string[];
        };
        LineItemVariantJson: {
            id: number;
            /** @example Ruby on Rails Tote */
            name: string;
            /** @example ROR-00011 */
            sku: string;
            /** @example 15.99 */
            price: string | null;
            /** @example 1.50 */
            weight: string | null;
            height: string | null;
            width: string | null;
            depth: string | null;
            is_master: boolean;
            /** @example 17.00 */
            cost_price: string | null;
            /** @example ruby-on-rails-tote */
            slug: string;
            description: string | null;
            track_inventory: boolean;
            /** @example $15.99 */
            display_price: string | null;
            /** @example Size: S, Color: Red */
            options_text: string;
            in_stock: boolean;
            option_values: components["schemas"]["OptionValueJson"][];
            images: components["schemas"]["ImageJson"][];
            product_id: number;
        };
        AdjustmentJson: {
            id: number;
            /** @example Spree::TaxRate */
            source_type: string | null;
            source_id: number | null;
            /** @example Spree::LineItem */
            adjustable_type: string;
            adjustable_id: number;
            /** @example 1.50 */
            amount: string;
            /** @example $1.50 */
            display_amount: string;
            /** @example Sales Tax 5.0% */
            label: string;
            mandatory: boolean;
            eligible: boolean;
            /** @description Tax already inside the price: shown, not added to the total */
            included: boolean;
            /** @example open */
            state: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        LineItemJson: {
            id: number;
            /** @example 2 */
            quantity: number;
            /**
             * @description Unit price
             * @example 15.99
             */
            price: string;
            variant_id: number;
            /** @example $15.99 */
            single_display_amount: string;
            /**
             * @description price × quantity
             * @example $31.98
             */
            display_amount: string;
            /**
             * @description price × quantity
             * @example 31.98
             */
            total: string;
            /** @example $31.98 */
            display_total: string;
            variant: components["schemas"]["LineItemVariantJson"];
            adjustments: components["schemas"]["AdjustmentJson"][];
        };
        PaymentMethodSummaryJson: {
            id: number;
            /** @example Credit Card */
            name: string;
            /** @example development */
            environment: string;
        };
        CreditCardJson: {
            id: number;
            /** @example 12 */
            month: string;
            /** @example 2030 */
            year: string;
            /** @example visa */
            cc_type: string | null;
            /** @example 1111 */
            last_digits: string;
            /** @example Jane Doe */
            name: string | null;
        };
        PaymentJson: {
            id: number;
            /** @example Spree::CreditCard */
            source_type: string | null;
            source_id: number | null;
            /** @example 25.99 */
            amount: string;
            /** @example $25.99 */
            display_amount: string;
            payment_method_id: number;
            response_code: string | null;
            /**
             * @example checkout
             * @enum {string}
             */
            state: "checkout" | "processing" | "pending" | "completed" | "failed" | "void" | "invalid";
            avs_response: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            payment_method: components["schemas"]["PaymentMethodSummaryJson"];
            source: components["schemas"]["CreditCardJson"] | null;
        };
        ShippingRateJson: {
            id: number;
            /** @example UPS Ground */
            name: string;
            /** @example 5.00 */
            cost: string;
            selected: boolean;
            shipping_method_id: number;
            /** @example $5.00 */
            display_cost: string;
        };
        ShippingMethodZoneJson: {
            id: number;
            name: string;
            description: string | null;
        };
        ShippingMethodCategoryJson: {
            id: number;
            name: string;
        };
        ShipmentShippingMethodJson: {
            id: number;
            name: string;
            zones: components["schemas"]["ShippingMethodZoneJson"][];
            shipping_categories: components["schemas"]["ShippingMethodCategoryJson"][];
        };
        ManifestEntryJson: {
            variant_id: number;
            /** @example 2 */
            quantity: number;
            /**
             * @description Units per stock state (on_hand, backordered, shipped, returned)
             * @example {
             *       "on_hand": 2
             *     }
             */
            states: {
                [key: string]: number;
            };
        };
        ShipmentJson: {
            id: number;
            tracking: string | null;
            /** @example H12345678901 */
            number: string;
            /** @example 5.00 */
            cost: string;
            /** Format: date-time */
            shipped_at: string | null;
            /**
             * @example pending
             * @enum {string}
             */
            state: "pending" | "ready" | "shipped" | "canceled";
            /**
             * @description The order number
             * @example R123456789
             */
            order_id: string;
            /** @example default */
            stock_location_name: string;
            shipping_rates: components["schemas"]["ShippingRateJson"][];
            selected_shipping_rate: components["schemas"]["ShippingRateJson"] | null;
            shipping_methods: components["schemas"]["ShipmentShippingMethodJson"][];
            manifest: components["schemas"]["ManifestEntryJson"][];
        };
        OrderPermissionsJson: {
            /** @description Whether the caller may change this order */
            can_update: boolean;
        };
        AvailablePaymentMethodJson: {
            id: number;
            /** @example Credit Card */
            name: string;
            /** @example development */
            environment: string;
            /**
             * @example gateway
             * @enum {string}
             */
            method_type: "gateway" | "check";
        };
        OrderJson: {
            id: number;
            /** @example R123456789 */
            number: string;
            /** @example 31.98 */
            item_total: string;
            /** @example 36.98 */
            total: string;
            /** @example 5.00 */
            ship_total: string;
            /**
             * @example cart
             * @enum {string}
             */
            state: "cart" | "address" | "delivery" | "payment" | "confirm" | "complete" | "canceled" | "returned" | "awaiting_return" | "resumed";
            /** @example 0.00 */
            adjustment_total: string;
            user_id: number | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** Format: date-time */
            completed_at: string | null;
            /** @example 0.00 */
            payment_total: string;
            /** @example pending */
            shipment_state: string | null;
            /** @example balance_due */
            payment_state: string | null;
            /** @example shopper@example.com */
            email: string | null;
            special_instructions: string | null;
            /** @example spree */
            channel: string;
            /** @example 0.00 */
            included_tax_total: string;
            /** @example 0.00 */
            additional_tax_total: string;
            /** @example $0.00 */
            display_included_tax_total: string;
            /** @example $0.00 */
            display_additional_tax_total: string;
            /** @example 0.00 */
            tax_total: string;
            /** @example USD */
            currency: string;
            /** @example $31.98 */
            display_item_total: string;
            /** @example 2 */
            total_quantity: number;
            /** @example $36.98 */
            display_total: string;
            /** @example $5.00 */
            display_ship_total: string;
            /** @example $0.00 */
            display_tax_total: string;
            /** @example $0.00 */
            display_adjustment_total: string;
            /** @description The order token: send it as order_token (or X-Spree-Order-Token) to read and change a guest order */
            token: string;
            /**
             * @example [
             *       "address",
             *       "delivery",
             *       "payment",
             *       "confirm",
             *       "complete"
             *     ]
             */
            checkout_steps: string[];
            bill_address: components["schemas"]["AddressJson"] | null;
            ship_address: components["schemas"]["AddressJson"] | null;
            line_items: components["schemas"]["LineItemJson"][];
            payments: components["schemas"]["PaymentJson"][];
            shipments: components["schemas"]["ShipmentJson"][];
            /** @description Adjustments on the order itself (item and shipment taxes are on those) */
            adjustments: components["schemas"]["AdjustmentJson"][];
            credit_cards: components["schemas"]["CreditCardJson"][];
            permissions: components["schemas"]["OrderPermissionsJson"];
            /** @description Only while the order is at the payment step */
            payment_methods?: components["schemas"]["AvailablePaymentMethodJson"][];
        };
        ShippingCategoryJson: {
            id: number;
            /** @example Default */
            name: string;
        };
        CreateShippingCategoryDto: {
            /** @example Oversized */
            name: string;
        };
        UpdateShippingCategoryDto: {
            /** @example Oversized */
            name?: string | null;
        };
        ShippingCalculatorPreferencesJson: {
            /**
             * @description Decimal string: the amount per order (flat_rate), per item (per_item), or the percent of the item total (flat_percent_item_total).
             * @example 5.00
             */
            amount: string;
            /**
             * @description Currency of the amount (the store currency).
             * @example USD
             */
            currency: string;
        };
        ShippingCalculatorJson: {
            /**
             * @example flat_rate
             * @enum {string}
             */
            type: "flat_rate" | "per_item" | "flat_percent_item_total";
            preferences: components["schemas"]["ShippingCalculatorPreferencesJson"];
        };
        ShippingMethodJson: {
            id: number;
            /** @example UPS Ground */
            name: string;
            admin_name: string | null;
            code: string | null;
            /** @enum {string|null} */
            display_on: "both" | "front_end" | "back_end" | null;
            tracking_url: string | null;
            tax_category_id: number | null;
            calculator: components["schemas"]["ShippingCalculatorJson"];
            zones: components["schemas"]["ShippingMethodZoneJson"][];
            shipping_categories: components["schemas"]["ShippingMethodCategoryJson"][];
        };
        CreateShippingMethodDto: {
            /** @example UPS Ground */
            name: string;
            /** @example UPS Ground (back office) */
            admin_name?: string | null;
            /** @example UPS_GROUND */
            code?: string | null;
            /**
             * @description One of both, front_end, back_end; null shows it everywhere.
             * @example both
             */
            display_on?: string | null;
            /**
             * @description `:tracking` in the URL is replaced by the tracking number.
             * @example https://track.example.com/?n=:tracking
             */
            tracking_url?: string | null;
            /** @description Zones the method ships to. */
            zone_ids?: number[] | null;
            /** @description At least one shipping category is required. */
            shipping_category_ids?: number[] | null;
            /**
             * @description One of flat_rate, per_item, flat_percent_item_total (default flat_rate). `flat_rate`: `calculator_amount` per order; `per_item`: `calculator_amount` per item; `flat_percent_item_total`: `calculator_amount` percent of the item total.
             * @example flat_rate
             */
            calculator_type?: string | null;
            /**
             * Format: decimal
             * @description Decimal string, at least 0 (default 0).
             * @example 5.00
             */
            calculator_amount?: string | null;
            /** @description Tax category of the shipping charge, or null. */
            tax_category_id?: number | null;
        };
        UpdateShippingMethodDto: {
            /** @example UPS Ground */
            name?: string | null;
            /** @example UPS Ground (back office) */
            admin_name?: string | null;
            /** @example UPS_GROUND */
            code?: string | null;
            /**
             * @description One of both, front_end, back_end; null shows it everywhere.
             * @example both
             */
            display_on?: string | null;
            /** @description `:tracking` in the URL is replaced by the tracking number. */
            tracking_url?: string | null;
            /** @description When sent, replaces the zones. */
            zone_ids?: number[] | null;
            /** @description When sent, replaces the categories; at least one is required. */
            shipping_category_ids?: number[] | null;
            /**
             * @description One of flat_rate, per_item, flat_percent_item_total. `flat_rate`: `calculator_amount` per order; `per_item`: `calculator_amount` per item; `flat_percent_item_total`: `calculator_amount` percent of the item total.
             * @example flat_rate
             */
            calculator_type?: string | null;
            /**
             * Format: decimal
             * @description Decimal string, at least 0.
             * @example 5.00
             */
            calculator_amount?: string | null;
            /** @description Tax category of the shipping charge, or null. */
            tax_category_id?: number | null;
        };
        ShipmentParamsDto: {
            /** @description The order number (POST /api/shipments only; required there). */
            order_id?: string | null;
            /** @example 1Z999AA10123456784 */
            tracking?: string | null;
            /** @description One of the shipment's shipping_rates ids: the rate to charge. */
            selected_shipping_rate_id?: number | null;
            /** @description Ship from another active stock location: the units’ stock goes back to the old one and is taken at the new one. */
            stock_location_id?: number | null;
            /** @description `yes` prices the shipment again from the shipping methods that can deliver it (Spree's "unlock" of the shipping adjustment). */
            unlock?: string | null;
            /** @description Accepted and ignored (the path names the shipment). */
            number?: string | null;
        };
        ShipmentRateJson: {
            id: number;
            /** @example UPS Ground */
            name: string;
            /**
             * @description A number here (the order JSON gives a decimal string)
             * @example 5
             */
            cost: number;
            selected: boolean;
            shipping_method_id: number;
            shipment_id: number;
            /** @example $5.00 */
            display_cost: string;
        };
        ShipmentMethodSummaryJson: {
            id: number;
            /** @example UPS Ground */
            name: string;
            zone_id: number | null;
            shipping_category_id: number | null;
        };
        ShipmentManifestEntryJson: {
            variant: components["schemas"]["VariantSmallJson"];
            variant_id: number;
            /** @example 2 */
            quantity: number;
            /**
             * @description Units per stock state (on_hand, backordered, shipped, returned)
             * @example {
             *       "on_hand": 2
             *     }
             */
            states: {
                [key: string]: number;
            };
        };
        AdminShipmentJson: {
            id: number;
            tracking: string | null;
            /** @example H12345678901 */
            number: string;
            /** @example 5.00 */
            cost: string;
            /** Format: date-time */
            shipped_at: string | null;
            /**
             * @example ready
             * @enum {string}
             */
            state: "pending" | "ready" | "shipped" | "canceled";
            /**
             * @description The order number
             * @example R123456789
             */
            order_id: string;
            /** @example default */
            stock_location_name: string;
            shipping_rates: components["schemas"]["ShipmentRateJson"][];
            selected_shipping_rate: components["schemas"]["ShipmentRateJson"] | null;
            shipping_methods: components["schemas"]["ShipmentShippingMethodJson"][];
            shipping_method: components["schemas"]["ShipmentMethodSummaryJson"] | null;
            manifest: components["schemas"]["ShipmentManifestEntryJson"][];
        };
        ReturnAuthorizationJson: {
            /** @example 1 */
            id: number;
            /** @example RMA123456789 */
            number: string;
            /**
             * @example authorized
             * @enum {string}
             */
            state: "authorized" | "received" | "canceled";
            /**
             * @description The credit, a JSON number with up to two decimals (commerce-api.md)
             * @example 14.22
             */
            amount: number;
            /** @example 1 */
            order_id: number;
            /** @example Defective */
            reason: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        ReturnAuthorizationDescriptionJson: {
            attributes: string[];
            required_attributes: string[];
        };
        ReturnAuthorizationParamsDto: {
            /**
             * Format: decimal
             * @description The credit for the returned goods; a negative value is taken as positive. At most what was paid on the order less the amounts of its other return authorizations that are not canceled. Default 0.
             * @example 14.22
             */
            amount?: string | null;
            /** @description Why the goods come back */
            reason?: string | null;
            /** @description Where received units go back to stock; when absent, each unit goes back to the location it was shipped from */
            stock_location_id?: number | null;
            /**
             * @description "RMA" followed by 9 digits, unique; generated when not given
             * @example RMA123456789
             */
            number?: string | null;
        };
        AddReturnUnitsDto: {
            /** @description A variant among the order’s shipped units */
            variant_id: number;
            /** @description How many units of the variant the authorization should hold: units are attached (or detached, when lower than it holds now) to match; 0 removes the variant */
            quantity: number;
        };
        PaymentMethodJson: {
            id: number;
            /** @example Credit Card */
            name: string;
            description: string | null;
            /** @enum {string} */
            type: "Spree::Gateway::Bogus" | "Spree::PaymentMethod::Check";
            active: boolean;
            /** @enum {string} */
            environment: "development" | "test" | "production";
            /** @enum {string|null} */
            display_on: "both" | "front_end" | "back_end" | null;
            auto_capture: boolean | null;
        };
        CreatePaymentMethodDto: {
            /** @example Credit Card */
            name: string;
            /**
             * @description One of Spree::Gateway::Bogus, Spree::PaymentMethod::Check.
             * @example Spree::Gateway::Bogus
             */
            type: string;
            /** @example Pay by card */
            description?: string | null;
            /** @description Default true. */
            active?: boolean | null;
            /**
             * @description One of development, test, production (default development).
             * @example production
             */
            environment?: string | null;
            /**
             * @description One of both, front_end, back_end; null shows it everywhere.
             * @example both
             */
            display_on?: string | null;
            /** @description Capture payments at once instead of authorizing only; null uses the store default. */
            auto_capture?: boolean | null;
        };
        UpdatePaymentMethodDto: {
            /** @example Credit Card */
            name?: string | null;
            /**
             * @description One of Spree::Gateway::Bogus, Spree::PaymentMethod::Check.
             * @example Spree::Gateway::Bogus
             */
            type?: string | null;
            /** @example Pay by card */
            description?: string | null;
            active?: boolean | null;
            /**
             * @description One of development, test, production (default development).
             * @example production
             */
            environment?: string | null;
            /**
             * @description One of both, front_end, back_end; null shows it everywhere.
             * @example both
             */
            display_on?: string | null;
            /** @description Capture payments at once instead of authorizing only; null uses the store default. */
            auto_capture?: boolean | null;
        };
        PaymentMethodBriefJson: {
            id: number;
            /** @example Credit Card */
            name: string;
            /** @example Pay by card. */
            description: string | null;
        };
        NewPaymentJson: {
            /**
             * @example [
             *       "id",
             *       "source_type",
             *       "source_id",
             *       "amount",
             *       "display_amount",
             *       "payment_method_id",
             *       "state",
             *       "avs_response",
             *       "created_at",
             *       "updated_at"
             *     ]
             */
            attributes: string[];
            payment_methods: components["schemas"]["PaymentMethodBriefJson"][];
        };
        PaymentSourceDto: {
            /** @example 4111111111111111 */
            number?: string | null;
            /** @example 12 */
            month?: string | null;
            /** @example 2030 */
            year?: string | null;
            /** @description "MM / YY" or "MM/YYYY", instead of month and year */
            expiry?: string | null;
            /** @example 123 */
            verification_value?: string | null;
            /** @example Jane Doe */
            name?: string | null;
            first_name?: string | null;
            last_name?: string | null;
            /** @example visa */
            cc_type?: string | null;
        };
        CreatePaymentDto: {
            /** @example 1 */
            payment_method_id: number;
            /**
             * Format: decimal
             * @description More than 0; rounded to cents. Defaults to what the order still owes. While the order is in checkout its one checkout payment always pays the whole total, so the amount follows the total.
             * @example 50.00
             */
            amount?: string | null;
            /** @description The card, for a card payment method (its number and verification value go to the gateway and are never stored). Not used by a check. */
            source_attributes?: components["schemas"]["PaymentSourceDto"];
        };
        PaymentErrorResponse: {
            /** @example There was a problem with the payment gateway: Bogus Gateway: Forced failure */
            error: string;
            /**
             * @example {
             *       "amount": [
             *         "is not a number"
             *       ]
             *     }
             */
            errors?: {
                [key: string]: string[];
            };
        };
        UpdatePaymentDto: {
            /**
             * Format: decimal
             * @description More than 0; rounded to cents
             * @example 2.01
             */
            amount?: string | null;
            /** @description Another available method that takes the same kind of source (a card, or none) */
            payment_method_id?: number | null;
        };
        CreditPaymentDto: {
            /**
             * Format: decimal
             * @description At most the payment's credit_allowed. Defaults to what the order owes the customer, at most credit_allowed (Spree's rule).
             * @example 10.00
             */
            amount?: string | null;
        };
        TaxCategoryJson: {
            id: number;
            /** @example Default */
            name: string;
            description: string | null;
            is_default: boolean;
            tax_code: string | null;
        };
        CreateTaxCategoryDto: {
            /** @example Clothing */
            name: string;
            /** @example Clothing and shoes */
            description?: string | null;
            /** @description Default false. Setting it makes this the only default category. */
            is_default?: boolean | null;
            /** @example PC040100 */
            tax_code?: string | null;
        };
        UpdateTaxCategoryDto: {
            /** @example Clothing */
            name?: string | null;
            /** @example Clothing and shoes */
            description?: string | null;
            /** @description Setting it makes this the only default category. */
            is_default?: boolean | null;
            /** @example PC040100 */
            tax_code?: string | null;
        };
        TaxRateZoneJson: {
            id: number;
            /** @example North America */
            name: string;
        };
        TaxRateCategoryJson: {
            id: number;
            /** @example Default */
            name: string;
        };
        TaxRateJson: {
            id: number;
            /** @example Sales tax */
            name: string | null;
            /**
             * @description Decimal string, a fraction ("0.05" is 5 %), without trailing zeros beyond the first decimal.
             * @example 0.05
             */
            amount: string;
            zone_id: number;
            tax_category_id: number;
            included_in_price: boolean;
            show_rate_in_label: boolean;
            zone: components["schemas"]["TaxRateZoneJson"];
            tax_category: components["schemas"]["TaxRateCategoryJson"];
        };
        CreateTaxRateDto: {
            /** @example Sales tax */
            name?: string | null;
            /**
             * Format: decimal
             * @description The rate as a fraction, at least 0 and below 1000, up to 5 decimals: "0.05" is 5 %.
             * @example 0.05
             */
            amount: string;
            zone_id: number;
            tax_category_id: number;
            /** @description Default false. */
            included_in_price?: boolean | null;
            /** @description Default true. */
            show_rate_in_label?: boolean | null;
        };
        UpdateTaxRateDto: {
            /** @example Sales tax */
            name?: string | null;
            /**
             * Format: decimal
             * @description The rate as a fraction, at least 0 and below 1000, up to 5 decimals: "0.05" is 5 %.
             * @example 0.05
             */
            amount?: string | null;
            zone_id?: number | null;
            tax_category_id?: number | null;
            included_in_price?: boolean | null;
            show_rate_in_label?: boolean | null;
        };
        LineItemAttributesJson: {
            /**
             * @example [
             *       "quantity",
             *       "price",
             *       "variant_id"
             *     ]
             */
            attributes: string[];
            /**
             * @example [
             *       "quantity",
             *       "variant_id"
             *     ]
             */
            required_attributes: string[];
        };
        CreateLineItemDto: {
            variant_id: number;
            /** @description Defaults to 1 (also when blank); at most 10000 per line item */
            quantity?: number | null;
            /**
             * Format: decimal
             * @description Admins only; ignored for anyone else (and when blank)
             * @example 19.99
             */
            price?: string | null;
        };
        UpdateLineItemDto: {
            /** @description At most 10000 */
            quantity?: number;
            /**
             * Format: decimal
             * @description Admins only; ignored for anyone else (and when blank)
             * @example 19.99
             */
            price?: string | null;
        };
        CouldNotTransitionResponse: {
            /** @example The order could not be transitioned. Please fix the errors and try again. */
            error: string;
            /**
             * @example {
             *       "email": [
             *         "can't be blank"
             *       ]
             *     }
             */
            errors: {
                [key: string]: string[];
            };
        };
        ShipmentRateChoiceDto: {
            /** @description Shipment id */
            id: number;
            /** @description One of the shipment's shipping_rates ids */
            selected_shipping_rate_id: number;
        };
        PaymentParamsDto: {
            payment_method_id: number;
            /** @description Card fields (or send payment_source keyed by payment_method_id) */
            source_attributes?: components["schemas"]["PaymentSourceDto"];
        };
        CheckoutOrderParamsDto: {
            /** @example shopper@example.com */
            email?: string | null;
            special_instructions?: string | null;
            /** @description Ship to the billing address (copies it) */
            use_billing?: boolean | null;
            /** @description Admins only: the user the order belongs to */
            user_id?: number;
            /**
             * @description Admins only
             * @example spree
             */
            channel?: string;
            /**
             * @description PUT /api/checkouts/:number only: applies a coupon code as PUT /api/orders/:number/apply_coupon_code does. A refused code answers 422 with its text and nothing is saved.
             * @example SAVE10
             */
            coupon_code?: string | null;
            /** @description A list, or a hash keyed "0", "1", …; also accepted as line_items_attributes */
            line_items?: components["schemas"]["OrderLineItemDto"][];
            /** @description Also accepted as bill_address_attributes */
            bill_address?: components["schemas"]["AddressParamsDto"];
            /** @description Also accepted as ship_address_attributes */
            ship_address?: components["schemas"]["AddressParamsDto"];
            /** @description One entry per shipment; a list or a hash keyed "0", "1", … */
            shipments_attributes?: components["schemas"]["ShipmentRateChoiceDto"][];
            /** @description A list, or (2-2-stable) a single object */
            payments_attributes?: components["schemas"]["PaymentParamsDto"][];
            /** @description 2-2-stable form: card fields keyed by payment_method_id, inside order */
            payment_source?: {
                [key: string]: components["schemas"]["PaymentSourceDto"];
            };
            /** @description Pay with a card saved on an earlier order of the same user (its id) */
            existing_card?: string;
        };
        CheckoutBodyDto: {
            order?: components["schemas"]["CheckoutOrderParamsDto"];
            /** @description Card fields keyed by payment_method_id */
            payment_source?: {
                [key: string]: components["schemas"]["PaymentSourceDto"];
            };
            existing_card?: string;
            /** @description Go back to an earlier checkout step (e.g. "address") before applying the changes; refused (422) for a completed order */
            state?: string;
            order_token?: string;
        };
        PromotionJson: {
            id: number;
            /** @example 10% off */
            name: string;
            /** @example Ten percent off the whole order */
            description: string | null;
            /** @example 10off */
            code: string;
            /** Format: date-time */
            starts_at: string | null;
            /** Format: date-time */
            expires_at: string | null;
            /**
             * @description How many completed orders may use it; null: no limit
             * @example 100
             */
            usage_limit: number | null;
            /**
             * @description Completed (not canceled) orders that got its discount
             * @example 3
             */
            usage_count: number;
            /**
             * @example flat_percent_item_total
             * @enum {string}
             */
            discount_type: "flat_rate" | "flat_percent_item_total";
            /**
             * @description The flat discount (flat_rate), else null
             * @example null
             */
            amount: string | null;
            /**
             * @description Formatted amount (flat_rate), else null
             * @example null
             */
            display_amount: string | null;
            /**
             * @description Percent of the item total (flat_percent_item_total), else null
             * @example 10.00
             */
            percent: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        CreatePromotionDto: {
            /** @example 10% off */
            name: string;
            /** @example Ten percent off the whole order */
            description?: string | null;
            /**
             * @description The coupon code; unique, matched without regard to case or surrounding spaces.
             * @example 10off
             */
            code: string;
            /**
             * Format: date-time
             * @description From when the code may be used (no start when null).
             */
            starts_at?: string | null;
            /**
             * Format: date-time
             * @description Until when the code may be used; later than starts_at (no end when null).
             */
            expires_at?: string | null;
            /** @description How many completed orders may use it; above 0, or null for no limit. */
            usage_limit?: number | null;
            /**
             * @description `flat_rate`: `amount` off the order; `flat_percent_item_total`: `percent` of the item total off the order. The value of the other kind is ignored.
             * @example flat_percent_item_total
             * @enum {string}
             */
            discount_type: "flat_rate" | "flat_percent_item_total";
            /**
             * Format: decimal
             * @description For flat_rate: the discount, at least 0, in cents precision. Never more than the order’s item total.
             * @example 5.00
             */
            amount?: string | null;
            /**
             * Format: decimal
             * @description For flat_percent_item_total: from 0 to 100, up to 2 decimals. The discount is rounded half up to the cent.
             * @example 10
             */
            percent?: string | null;
        };
        UpdatePromotionDto: {
            /** @example 10% off */
            name?: string | null;
            /** @example Ten percent off the whole order */
            description?: string | null;
            /**
             * @description The coupon code; unique, matched without regard to case or surrounding spaces.
             * @example 10off
             */
            code?: string | null;
            /**
             * Format: date-time
             * @description From when the code may be used (no start when null).
             */
            starts_at?: string | null;
            /**
             * Format: date-time
             * @description Until when the code may be used; later than starts_at (no end when null).
             */
            expires_at?: string | null;
            /** @description How many completed orders may use it; above 0, or null for no limit. */
            usage_limit?: number | null;
            /**
             * @description `flat_rate`: `amount` off the order; `flat_percent_item_total`: `percent` of the item total off the order. The value of the other kind is ignored.
             * @example flat_rate
             * @enum {string|null}
             */
            discount_type?: "flat_rate" | "flat_percent_item_total" | null;
            /**
             * Format: decimal
             * @description For flat_rate: the discount, at least 0, in cents precision. Never more than the order’s item total.
             * @example 5.00
             */
            amount?: string | null;
            /**
             * Format: decimal
             * @description For flat_percent_item_total: from 0 to 100, up to 2 decimals. The discount is rounded half up to the cent.
             * @example 10
             */
            percent?: string | null;
        };
        CouponCodeResultJson: {
            /**
             * @description null when refused
             * @example The coupon code was successfully applied to your order.
             */
            success: string | null;
            /**
             * @description Why the code was refused; null when applied
             * @example null
             */
            error: string | null;
            /** @description true when applied (status 200), false when refused (status 422) */
            successful: boolean;
        };
        ApplyCouponCodeDto: {
            /**
             * @description The coupon code, in any case.
             * @example 10off
             */
            coupon_code?: string | null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    Health_live: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Health_ready: {
        parameters: {
            query?: never;
            header?: {
                /** @description On 503: seconds to wait before asking again */
                "Retry-After"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The Health Check is successful */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @example ok
                         * @enum {string}
                         */
                        status?: "ok" | "degraded";
                        /**
                         * @example {
                         *       "database": {
                         *         "status": "up",
                         *         "responseTime": 12
                         *       }
                         *     }
                         */
                        info?: {
                            [key: string]: {
                                /** @enum {string} */
                                status: "up" | "degraded" | "down";
                                /** @description Time the health indicator took to respond, in ms */
                                responseTime?: number;
                            } & {
                                [key: string]: unknown;
                            };
                        } | null;
                        /** @example {} */
                        error?: {
                            [key: string]: {
                                /** @enum {string} */
                                status: "up" | "degraded" | "down";
                                /** @description Time the health indicator took to respond, in ms */
                                responseTime?: number;
                            } & {
                                [key: string]: unknown;
                            };
                        } | null;
                        /**
                         * @example {
                         *       "database": {
                         *         "status": "up",
                         *         "responseTime": 12
                         *       }
                         *     }
                         */
                        details?: {
                            [key: string]: {
                                /** @enum {string} */
                                status: "up" | "degraded" | "down";
                                /** @description Time the health indicator took to respond, in ms */
                                responseTime?: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description The Health Check is not successful */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @example error
                         * @enum {string}
                         */
                        status?: "error" | "shutting_down";
                        /**
                         * @example {
                         *       "database": {
                         *         "status": "up",
                         *         "responseTime": 12
                         *       }
                         *     }
                         */
                        info?: {
                            [key: string]: {
                                /** @enum {string} */
                                status: "up" | "degraded" | "down";
                                /** @description Time the health indicator took to respond, in ms */
                                responseTime?: number;
                            } & {
                                [key: string]: unknown;
                            };
                        } | null;
                        /**
                         * @example {
                         *       "redis": {
                         *         "status": "down",
                         *         "message": "Could not connect",
                         *         "responseTime": 3005
                         *       }
                         *     }
                         */
                        error?: {
                            [key: string]: {
                                /** @enum {string} */
                                status: "up" | "degraded" | "down";
                                /** @description Time the health indicator took to respond, in ms */
                                responseTime?: number;
                            } & {
                                [key: string]: unknown;
                            };
                        } | null;
                        /**
                         * @example {
                         *       "database": {
                         *         "status": "up",
                         *         "responseTime": 12
                         *       },
                         *       "redis": {
                         *         "status": "down",
                         *         "message": "Could not connect",
                         *         "responseTime": 3005
                         *       }
                         *     }
                         */
                        details?: {
                            [key: string]: {
                                /** @enum {string} */
                                status: "up" | "degraded" | "down";
                                /** @description Time the health indicator took to respond, in ms */
                                responseTime?: number;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
    };
    StoreConfig_show: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreConfigJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    StoreConfig_money: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MoneyConfigJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Users_index: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description Ransack-style search: `q[<attribute>_<predicate>]=value` with predicates eq, not_eq, cont, not_cont, start, end, lt, lteq, gt, gteq, in, not_in, null, not_null, present, blank, true, false; `_or_` between attributes; sort with `q[s]=<attribute> asc|desc`. Searchable and sortable attributes: id, email, created_at, updated_at. Other keys are ignored. Limits (422 naming `q` past them): at most 20 conditions, each `_or_` term counting one; at most 100 values in one `_in`/`_not_in` list; at most 300 values in all (a list counts once per `_or_` term). Searches and sorts run a few at a time per instance; one that waits its turn longer than the database pool wait answers 503 with `Retry-After`. */
                q?: {
                    [key: string]: string;
                };
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        users: components["schemas"]["UserJson"][];
                        /** @description Items on this page */
                        count: number;
                        /** @description All matching items */
                        total_count: number;
                        current_page: number;
                        per_page: number;
                        pages: number;
                    };
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The search `q` is too costly: too many conditions, too long an `_in` list, or too many values in all */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Invalid resource. Please fix errors and try again.",
                     *       "errors": {
                     *         "q": [
                     *           "has too many conditions (maximum is 20, counting each _or_ term)"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Users_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    user: components["schemas"]["CreateUserDto"];
                };
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Too many attempts for this account or from this address; try again after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds until the limit resets */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Users_new: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NewUserJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Users_show: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Users_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    user: components["schemas"]["UpdateUserDto"];
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Too many attempts for this account or from this address; try again after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds until the limit resets */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Users_destroy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Sessions_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignInDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid email or password. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many attempts for this account or from this address; try again after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds until the limit resets */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Addresses_show: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AddressJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not authorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Addresses_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    address: components["schemas"]["AddressParamsDto"];
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AddressJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not authorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Countries_index: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description Ransack-style search: `q[<attribute>_<predicate>]=value` with predicates eq, not_eq, cont, not_cont, start, end, lt, lteq, gt, gteq, in, not_in, null, not_null, present, blank, true, false; `_or_` between attributes; sort with `q[s]=<attribute> asc|desc`. Searchable and sortable attributes: id, name, iso_name, iso, iso3, numcode, states_required. Other keys are ignored. Limits (422 naming `q` past them): at most 20 conditions, each `_or_` term counting one; at most 100 values in one `_in`/`_not_in` list; at most 300 values in all (a list counts once per `_or_` term). Searches and sorts run a few at a time per instance; one that waits its turn longer than the database pool wait answers 503 with `Retry-After`. */
                q?: {
                    [key: string]: string;
                };
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        countries: components["schemas"]["CountryJson"][];
                        /** @description Items on this page */
                        count: number;
                        /** @description All matching items */
                        total_count: number;
                        current_page: number;
                        per_page: number;
                        pages: number;
                    };
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The search `q` is too costly: too many conditions, too long an `_in` list, or too many values in all */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Invalid resource. Please fix errors and try again.",
                     *       "errors": {
                     *         "q": [
                     *           "has too many conditions (maximum is 20, counting each _or_ term)"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Countries_show: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CountryWithStatesJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    States_index: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description Ransack-style search: `q[<attribute>_<predicate>]=value` with predicates eq, not_eq, cont, not_cont, start, end, lt, lteq, gt, gteq, in, not_in, null, not_null, present, blank, true, false; `_or_` between attributes; sort with `q[s]=<attribute> asc|desc`. Searchable and sortable attributes: id, name, abbr, country_id, country_name, country_iso. Other keys are ignored. Limits (422 naming `q` past them): at most 20 conditions, each `_or_` term counting one; at most 100 values in one `_in`/`_not_in` list; at most 300 values in all (a list counts once per `_or_` term). Searches and sorts run a few at a time per instance; one that waits its turn longer than the database pool wait answers 503 with `Retry-After`. */
                q?: {
                    [key: string]: string;
                };
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Without `page` and `per_page`, every matching state (`current_page` and `pages` are 1, `per_page` equals `count`); with either, one page as in every other list. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        states: components["schemas"]["StateJson"][];
                        /** @description Items on this page */
                        count: number;
                        /** @description All matching items */
                        total_count: number;
                        current_page: number;
                        per_page: number;
                        pages: number;
                    };
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The search `q` is too costly: too many conditions, too long an `_in` list, or too many values in all */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Invalid resource. Please fix errors and try again.",
                     *       "errors": {
                     *         "q": [
                     *           "has too many conditions (maximum is 20, counting each _or_ term)"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    States_indexOfCountry: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description Ransack-style search: `q[<attribute>_<predicate>]=value` with predicates eq, not_eq, cont, not_cont, start, end, lt, lteq, gt, gteq, in, not_in, null, not_null, present, blank, true, false; `_or_` between attributes; sort with `q[s]=<attribute> asc|desc`. Searchable and sortable attributes: id, name, abbr, country_id, country_name, country_iso. Other keys are ignored. Limits (422 naming `q` past them): at most 20 conditions, each `_or_` term counting one; at most 100 values in one `_in`/`_not_in` list; at most 300 values in all (a list counts once per `_or_` term). Searches and sorts run a few at a time per instance; one that waits its turn longer than the database pool wait answers 503 with `Retry-After`. */
                q?: {
                    [key: string]: string;
                };
            };
            header?: never;
            path: {
                country_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Without `page` and `per_page`, every matching state (`current_page` and `pages` are 1, `per_page` equals `count`); with either, one page as in every other list. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether the country's addresses need a state */
                        states_required: boolean;
                        states: components["schemas"]["StateJson"][];
                        /** @description Items on this page */
                        count: number;
                        /** @description All matching items */
                        total_count: number;
                        current_page: number;
                        per_page: number;
                        pages: number;
                    };
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The search `q` is too costly: too many conditions, too long an `_in` list, or too many values in all */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Invalid resource. Please fix errors and try again.",
                     *       "errors": {
                     *         "q": [
                     *           "has too many conditions (maximum is 20, counting each _or_ term)"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    States_show: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StateJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    States_showOfCountry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                country_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StateJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Zones_index: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description Ransack-style search: `q[<attribute>_<predicate>]=value` with predicates eq, not_eq, cont, not_cont, start, end, lt, lteq, gt, gteq, in, not_in, null, not_null, present, blank, true, false; `_or_` between attributes; sort with `q[s]=<attribute> asc|desc`. Searchable and sortable attributes: id, name, description, kind. Other keys are ignored. Limits (422 naming `q` past them): at most 20 conditions, each `_or_` term counting one; at most 100 values in one `_in`/`_not_in` list; at most 300 values in all (a list counts once per `_or_` term). Searches and sorts run a few at a time per instance; one that waits its turn longer than the database pool wait answers 503 with `Retry-After`. */
                q?: {
                    [key: string]: string;
                };
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        zones: components["schemas"]["ZoneJson"][];
                        /** @description Items on this page */
                        count: number;
                        /** @description All matching items */
                        total_count: number;
                        current_page: number;
                        per_page: number;
                        pages: number;
                    };
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The search `q` is too costly: too many conditions, too long an `_in` list, or too many values in all */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Invalid resource. Please fix errors and try again.",
                     *       "errors": {
                     *         "q": [
                     *           "has too many conditions (maximum is 20, counting each _or_ term)"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Zones_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    zone: components["schemas"]["CreateZoneDto"];
                };
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ZoneJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller is not an admin */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Zones_show: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ZoneJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Zones_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    zone: components["schemas"]["UpdateZoneDto"];
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ZoneJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller is not an admin */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Zones_destroy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller is not an admin */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Products_index: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description Ransack-style search: `q[<attribute>_<predicate>]=value` with predicates eq, not_eq, cont, not_cont, start, end, lt, lteq, gt, gteq, in, not_in, null, not_null, present, blank, true, false; `_or_` between attributes; sort with `q[s]=<attribute> asc|desc`. Searchable and sortable attributes: id, name, description, slug, permalink, available_on, deleted_at, created_at, updated_at, shipping_category_id, shipping_category_name, sku, master_sku, variants_including_master_sku, price, variants_including_master_sku. Other keys are ignored. Limits (422 naming `q` past them): at most 20 conditions, each `_or_` term counting one; at most 100 values in one `_in`/`_not_in` list; at most 300 values in all (a list counts once per `_or_` term). Searches and sorts run a few at a time per instance; one that waits its turn longer than the database pool wait answers 503 with `Retry-After`. */
                q?: {
                    [key: string]: string;
                };
                /** @description Comma-separated ids; replaces the q search */
                ids?: string;
                /** @description Admins only: include deleted products */
                show_deleted?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        products: components["schemas"]["ProductJson"][];
                        /** @description Items on this page */
                        count: number;
                        /** @description All matching items */
                        total_count: number;
                        current_page: number;
                        per_page: number;
                        pages: number;
                    };
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The search `q` is too costly: too many conditions, too long an `_in` list, or too many values in all */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Invalid resource. Please fix errors and try again.",
                     *       "errors": {
                     *         "q": [
                     *           "has too many conditions (maximum is 20, counting each _or_ term)"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Products_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    product: components["schemas"]["ProductParamsDto"];
                };
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller is not an admin */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Products_describe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductDescriptionJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Products_show: {
        parameters: {
            query?: {
                /** @description Admins only: include deleted products */
                show_deleted?: boolean;
            };
            header?: never;
            path: {
                /** @description Permalink (slug), tried first, or id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Products_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Permalink (slug), tried first, or id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    product: components["schemas"]["ProductParamsDto"];
                };
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller is not an admin */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Products_destroy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Permalink (slug), tried first, or id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller is not an admin */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    TaxonProducts_index: {
        parameters: {
            query: {
                page?: number;
                per_page?: number;
                /** @description Ransack-style search: `q[<attribute>_<predicate>]=value` with predicates eq, not_eq, cont, not_cont, start, end, lt, lteq, gt, gteq, in, not_in, null, not_null, present, blank, true, false; `_or_` between attributes; sort with `q[s]=<attribute> asc|desc`. Searchable and sortable attributes: id, name, description, slug, permalink, available_on, deleted_at, created_at, updated_at, shipping_category_id, shipping_category_name, sku, master_sku, variants_including_master_sku, price, variants_including_master_sku. Other keys are ignored. Limits (422 naming `q` past them): at most 20 conditions, each `_or_` term counting one; at most 100 values in one `_in`/`_not_in` list; at most 300 values in all (a list counts once per `_or_` term). Searches and sorts run a few at a time per instance; one that waits its turn longer than the database pool wait answers 503 with `Retry-After`. */
                q?: {
                    [key: string]: string;
                };
                /** @description Admins only: include deleted products */
                show_deleted?: boolean;
                /** @description Taxon id */
                id: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        products: components["schemas"]["ProductJson"][];
                        /** @description Items on this page */
                        count: number;
                        /** @description All matching items */
                        total_count: number;
                        current_page: number;
                        per_page: number;
                        pages: number;
                    };
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The search `q` is too costly: too many conditions, too long an `_in` list, or too many values in all */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Invalid resource. Please fix errors and try again.",
                     *       "errors": {
                     *         "q": [
                     *           "has too many conditions (maximum is 20, counting each _or_ term)"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Variants_index: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description Ransack-style search: `q[<attribute>_<predicate>]=value` with predicates eq, not_eq, cont, not_cont, start, end, lt, lteq, gt, gteq, in, not_in, null, not_null, present, blank, true, false; `_or_` between attributes; sort with `q[s]=<attribute> asc|desc`. Searchable and sortable attributes: id, sku, weight, is_master, position, product_id, deleted_at, created_at, updated_at, product_name, price. Other keys are ignored. Limits (422 naming `q` past them): at most 20 conditions, each `_or_` term counting one; at most 100 values in one `_in`/`_not_in` list; at most 300 values in all (a list counts once per `_or_` term). Searches and sorts run a few at a time per instance; one that waits its turn longer than the database pool wait answers 503 with `Retry-After`. */
                q?: {
                    [key: string]: string;
                };
                /** @description Admins only: include deleted variants */
                show_deleted?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        variants: components["schemas"]["VariantJson"][];
                        /** @description Items on this page */
                        count: number;
                        /** @description All matching items */
                        total_count: number;
                        current_page: number;
                        per_page: number;
                        pages: number;
                    };
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The search `q` is too costly: too many conditions, too long an `_in` list, or too many values in all */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Invalid resource. Please fix errors and try again.",
                     *       "errors": {
                     *         "q": [
                     *           "has too many conditions (maximum is 20, counting each _or_ term)"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Variants_show: {
        parameters: {
            query?: {
                /** @description Admins only: include deleted variants */
                show_deleted?: boolean;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VariantJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ProductVariants_index: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description Ransack-style search: `q[<attribute>_<predicate>]=value` with predicates eq, not_eq, cont, not_cont, start, end, lt, lteq, gt, gteq, in, not_in, null, not_null, present, blank, true, false; `_or_` between attributes; sort with `q[s]=<attribute> asc|desc`. Searchable and sortable attributes: id, sku, weight, is_master, position, product_id, deleted_at, created_at, updated_at, product_name, price. Other keys are ignored. Limits (422 naming `q` past them): at most 20 conditions, each `_or_` term counting one; at most 100 values in one `_in`/`_not_in` list; at most 300 values in all (a list counts once per `_or_` term). Searches and sorts run a few at a time per instance; one that waits its turn longer than the database pool wait answers 503 with `Retry-After`. */
                q?: {
                    [key: string]: string;
                };
                /** @description Admins only: include deleted variants */
                show_deleted?: boolean;
            };
            header?: never;
            path: {
                /** @description Product permalink (slug) or id */
                product_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        variants: components["schemas"]["VariantJson"][];
                        /** @description Items on this page */
                        count: number;
                        /** @description All matching items */
                        total_count: number;
                        current_page: number;
                        per_page: number;
                        pages: number;
                    };
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The search `q` is too costly: too many conditions, too long an `_in` list, or too many values in all */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Invalid resource. Please fix errors and try again.",
                     *       "errors": {
                     *         "q": [
                     *           "has too many conditions (maximum is 20, counting each _or_ term)"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ProductVariants_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Product permalink (slug) or id */
                product_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    variant: components["schemas"]["VariantParamsDto"];
                };
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VariantJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller is not an admin */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ProductVariants_describe: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Product permalink (slug) or id */
                product_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DescribeAttributesJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ProductVariants_show: {
        parameters: {
            query?: {
                /** @description Admins only: include deleted variants */
                show_deleted?: boolean;
            };
            header?: never;
            path: {
                /** @description Product permalink (slug) or id */
                product_id: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VariantJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ProductVariants_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Product permalink (slug) or id */
                product_id: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    variant: components["schemas"]["VariantParamsDto"];
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VariantJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found
             *
             *     Not found, or the caller is not an admin
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ProductVariants_destroy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Product permalink (slug) or id */
                product_id: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found
             *
             *     Not found, or the caller is not an admin
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Properties_index: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description Ransack-style search: `q[<attribute>_<predicate>]=value` with predicates eq, not_eq, cont, not_cont, start, end, lt, lteq, gt, gteq, in, not_in, null, not_null, present, blank, true, false; `_or_` between attributes; sort with `q[s]=<attribute> asc|desc`. Searchable and sortable attributes: id, name, presentation. Other keys are ignored. Limits (422 naming `q` past them): at most 20 conditions, each `_or_` term counting one; at most 100 values in one `_in`/`_not_in` list; at most 300 values in all (a list counts once per `_or_` term). Searches and sorts run a few at a time per instance; one that waits its turn longer than the database pool wait answers 503 with `Retry-After`. */
                q?: {
                    [key: string]: string;
                };
                /** @description Comma-separated ids; replaces the q search */
                ids?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        properties: components["schemas"]["PropertyJson"][];
                        /** @description Items on this page */
                        count: number;
                        /** @description All matching items */
                        total_count: number;
                        current_page: number;
                        per_page: number;
                        pages: number;
                    };
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The search `q` is too costly: too many conditions, too long an `_in` list, or too many values in all */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Invalid resource. Please fix errors and try again.",
                     *       "errors": {
                     *         "q": [
                     *           "has too many conditions (maximum is 20, counting each _or_ term)"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Properties_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    property: components["schemas"]["PropertyParamsDto"];
                };
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PropertyJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller is not an admin */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Properties_describe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DescribeAttributesJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Properties_show: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Property id, or its name */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PropertyJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Properties_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Property id, or its name */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    property: components["schemas"]["PropertyParamsDto"];
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PropertyJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller is not an admin */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Properties_destroy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Property id, or its name */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller is not an admin */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ProductProperties_index: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description Ransack-style search: `q[<attribute>_<predicate>]=value` with predicates eq, not_eq, cont, not_cont, start, end, lt, lteq, gt, gteq, in, not_in, null, not_null, present, blank, true, false; `_or_` between attributes; sort with `q[s]=<attribute> asc|desc`. Searchable and sortable attributes: id, value, position, property_id, property_name. Other keys are ignored. Limits (422 naming `q` past them): at most 20 conditions, each `_or_` term counting one; at most 100 values in one `_in`/`_not_in` list; at most 300 values in all (a list counts once per `_or_` term). Searches and sorts run a few at a time per instance; one that waits its turn longer than the database pool wait answers 503 with `Retry-After`. */
                q?: {
                    [key: string]: string;
                };
            };
            header?: never;
            path: {
                /** @description Product permalink (slug) or id */
                product_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        product_properties: components["schemas"]["ProductPropertyJson"][];
                        /** @description Items on this page */
                        count: number;
                        /** @description All matching items */
                        total_count: number;
                        current_page: number;
                        per_page: number;
                        pages: number;
                    };
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The search `q` is too costly: too many conditions, too long an `_in` list, or too many values in all */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Invalid resource. Please fix errors and try again.",
                     *       "errors": {
                     *         "q": [
                     *           "has too many conditions (maximum is 20, counting each _or_ term)"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ProductProperties_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Product permalink (slug) or id */
                product_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    product_property: components["schemas"]["ProductPropertyParamsDto"];
                };
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductPropertyJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not authorized
             *
             *     The caller is not an admin
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ProductProperties_describe: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Product permalink (slug) or id */
                product_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DescribeAttributesJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ProductProperties_show: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Product permalink (slug) or id */
                product_id: string;
                /** @description Product property id, or its name */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductPropertyJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ProductProperties_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Product permalink (slug) or id */
                product_id: string;
                /** @description Product property id, or its name */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    product_property: components["schemas"]["ProductPropertyParamsDto"];
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductPropertyJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller is not an admin */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ProductProperties_destroy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Product permalink (slug) or id */
                product_id: string;
                /** @description Product property id, or its name */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller is not an admin */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ProductImages_index: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description Ransack-style search: `q[<attribute>_<predicate>]=value` with predicates eq, not_eq, cont, not_cont, start, end, lt, lteq, gt, gteq, in, not_in, null, not_null, present, blank, true, false; `_or_` between attributes; sort with `q[s]=<attribute> asc|desc`. Searchable and sortable attributes: id, position, alt, attachment_file_name, attachment_content_type, created_at. Other keys are ignored. Limits (422 naming `q` past them): at most 20 conditions, each `_or_` term counting one; at most 100 values in one `_in`/`_not_in` list; at most 300 values in all (a list counts once per `_or_` term). Searches and sorts run a few at a time per instance; one that waits its turn longer than the database pool wait answers 503 with `Retry-After`. */
                q?: {
                    [key: string]: string;
                };
            };
            header?: never;
            path: {
                /** @description Product permalink (slug) or id */
                product_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        images: components["schemas"]["ImageJson"][];
                        /** @description Items on this page */
                        count: number;
                        /** @description All matching items */
                        total_count: number;
                        current_page: number;
                        per_page: number;
                        pages: number;
                    };
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The search `q` is too costly: too many conditions, too long an `_in` list, or too many values in all */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Invalid resource. Please fix errors and try again.",
                     *       "errors": {
                     *         "q": [
                     *           "has too many conditions (maximum is 20, counting each _or_ term)"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ProductImages_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Product permalink (slug) or id */
                product_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    image: components["schemas"]["ImageParamsDto"];
                };
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The picture: JPEG, PNG, GIF or WebP, recognised from its bytes (anything else is a 422 on `attachment`), at most IMAGE_MAX_BYTES (413 above) and IMAGE_MAX_PIXELS. It is turned upright by its EXIF orientation, its metadata (EXIF, GPS) dropped, and kept with four sizes (mini 48×48, small 100×100, product 240×240, large 600×600, fitted inside). attachment_file_name, _content_type, _file_size, _width and _height come from the file; those sent are ignored.
                     */
                    "image[attachment]": string;
                    "image[alt]"?: string;
                    "image[position]"?: number;
                    /** @example Spree::Variant */
                    "image[viewable_type]"?: string;
                    /** @description A variant of the product (its master by default) */
                    "image[viewable_id]"?: number;
                };
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImageJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller is not an admin */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The file is larger than IMAGE_MAX_BYTES, or the form has too many fields */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ProductImages_show: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Product permalink (slug) or id */
                product_id: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImageJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ProductImages_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Product permalink (slug) or id */
                product_id: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    image: components["schemas"]["ImageParamsDto"];
                };
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The picture: JPEG, PNG, GIF or WebP, recognised from its bytes (anything else is a 422 on `attachment`), at most IMAGE_MAX_BYTES (413 above) and IMAGE_MAX_PIXELS. It is turned upright by its EXIF orientation, its metadata (EXIF, GPS) dropped, and kept with four sizes (mini 48×48, small 100×100, product 240×240, large 600×600, fitted inside). attachment_file_name, _content_type, _file_size, _width and _height come from the file; those sent are ignored. Optional: without it only the metadata changes; with it the image gets new files and URLs.
                     */
                    "image[attachment]"?: string;
                    "image[alt]"?: string;
                    "image[position]"?: number;
                    /** @example Spree::Variant */
                    "image[viewable_type]"?: string;
                    /** @description A variant of the product (its master by default) */
                    "image[viewable_id]"?: number;
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImageJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found
             *
             *     Not found, or the caller is not an admin
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The file is larger than IMAGE_MAX_BYTES, or the form has too many fields */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ProductImages_destroy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Product permalink (slug) or id */
                product_id: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found
             *
             *     Not found, or the caller is not an admin
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ProductImages_patch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Product permalink (slug) or id */
                product_id: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    image: components["schemas"]["ImageParamsDto"];
                };
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The picture: JPEG, PNG, GIF or WebP, recognised from its bytes (anything else is a 422 on `attachment`), at most IMAGE_MAX_BYTES (413 above) and IMAGE_MAX_PIXELS. It is turned upright by its EXIF orientation, its metadata (EXIF, GPS) dropped, and kept with four sizes (mini 48×48, small 100×100, product 240×240, large 600×600, fitted inside). attachment_file_name, _content_type, _file_size, _width and _height come from the file; those sent are ignored. Optional: without it only the metadata changes; with it the image gets new files and URLs.
                     */
                    "image[attachment]"?: string;
                    "image[alt]"?: string;
                    "image[position]"?: number;
                    /** @example Spree::Variant */
                    "image[viewable_type]"?: string;
                    /** @description A variant of the product (its master by default) */
                    "image[viewable_id]"?: number;
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImageJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found
             *
             *     Not found, or the caller is not an admin
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The file is larger than IMAGE_MAX_BYTES, or the form has too many fields */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    VariantImages_index: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description Ransack-style search: `q[<attribute>_<predicate>]=value` with predicates eq, not_eq, cont, not_cont, start, end, lt, lteq, gt, gteq, in, not_in, null, not_null, present, blank, true, false; `_or_` between attributes; sort with `q[s]=<attribute> asc|desc`. Searchable and sortable attributes: id, position, alt, attachment_file_name, attachment_content_type, created_at. Other keys are ignored. Limits (422 naming `q` past them): at most 20 conditions, each `_or_` term counting one; at most 100 values in one `_in`/`_not_in` list; at most 300 values in all (a list counts once per `_or_` term). Searches and sorts run a few at a time per instance; one that waits its turn longer than the database pool wait answers 503 with `Retry-After`. */
                q?: {
                    [key: string]: string;
                };
            };
            header?: never;
            path: {
                variant_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        images: components["schemas"]["ImageJson"][];
                        /** @description Items on this page */
                        count: number;
                        /** @description All matching items */
                        total_count: number;
                        current_page: number;
                        per_page: number;
                        pages: number;
                    };
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The search `q` is too costly: too many conditions, too long an `_in` list, or too many values in all */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Invalid resource. Please fix errors and try again.",
                     *       "errors": {
                     *         "q": [
                     *           "has too many conditions (maximum is 20, counting each _or_ term)"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    VariantImages_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                variant_id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    image: components["schemas"]["ImageParamsDto"];
                };
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The picture: JPEG, PNG, GIF or WebP, recognised from its bytes (anything else is a 422 on `attachment`), at most IMAGE_MAX_BYTES (413 above) and IMAGE_MAX_PIXELS. It is turned upright by its EXIF orientation, its metadata (EXIF, GPS) dropped, and kept with four sizes (mini 48×48, small 100×100, product 240×240, large 600×600, fitted inside). attachment_file_name, _content_type, _file_size, _width and _height come from the file; those sent are ignored.
                     */
                    "image[attachment]": string;
                    "image[alt]"?: string;
                    "image[position]"?: number;
                    /** @example Spree::Variant */
                    "image[viewable_type]"?: string;
                    /** @description A variant of the product (its master by default) */
                    "image[viewable_id]"?: number;
                };
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImageJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller is not an admin */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The file is larger than IMAGE_MAX_BYTES, or the form has too many fields */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    VariantImages_show: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                variant_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImageJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    VariantImages_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                variant_id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    image: components["schemas"]["ImageParamsDto"];
                };
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The picture: JPEG, PNG, GIF or WebP, recognised from its bytes (anything else is a 422 on `attachment`), at most IMAGE_MAX_BYTES (413 above) and IMAGE_MAX_PIXELS. It is turned upright by its EXIF orientation, its metadata (EXIF, GPS) dropped, and kept with four sizes (mini 48×48, small 100×100, product 240×240, large 600×600, fitted inside). attachment_file_name, _content_type, _file_size, _width and _height come from the file; those sent are ignored. Optional: without it only the metadata changes; with it the image gets new files and URLs.
                     */
                    "image[attachment]"?: string;
                    "image[alt]"?: string;
                    "image[position]"?: number;
                    /** @example Spree::Variant */
                    "image[viewable_type]"?: string;
                    /** @description A variant of the product (its master by default) */
                    "image[viewable_id]"?: number;
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImageJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found
             *
             *     Not found, or the caller is not an admin
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The file is larger than IMAGE_MAX_BYTES, or the form has too many fields */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    VariantImages_destroy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                variant_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found
             *
             *     Not found, or the caller is not an admin
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    VariantImages_patch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                variant_id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    image: components["schemas"]["ImageParamsDto"];
                };
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The picture: JPEG, PNG, GIF or WebP, recognised from its bytes (anything else is a 422 on `attachment`), at most IMAGE_MAX_BYTES (413 above) and IMAGE_MAX_PIXELS. It is turned upright by its EXIF orientation, its metadata (EXIF, GPS) dropped, and kept with four sizes (mini 48×48, small 100×100, product 240×240, large 600×600, fitted inside). attachment_file_name, _content_type, _file_size, _width and _height come from the file; those sent are ignored. Optional: without it only the metadata changes; with it the image gets new files and URLs.
                     */
                    "image[attachment]"?: string;
                    "image[alt]"?: string;
                    "image[position]"?: number;
                    /** @example Spree::Variant */
                    "image[viewable_type]"?: string;
                    /** @description A variant of the product (its master by default) */
                    "image[viewable_id]"?: number;
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImageJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found
             *
             *     Not found, or the caller is not an admin
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The file is larger than IMAGE_MAX_BYTES, or the form has too many fields */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    OptionTypes_index: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description Ransack-style search: `q[<attribute>_<predicate>]=value` with predicates eq, not_eq, cont, not_cont, start, end, lt, lteq, gt, gteq, in, not_in, null, not_null, present, blank, true, false; `_or_` between attributes; sort with `q[s]=<attribute> asc|desc`. Searchable and sortable attributes: id, name, presentation, position. Other keys are ignored. Limits (422 naming `q` past them): at most 20 conditions, each `_or_` term counting one; at most 100 values in one `_in`/`_not_in` list; at most 300 values in all (a list counts once per `_or_` term). Searches and sorts run a few at a time per instance; one that waits its turn longer than the database pool wait answers 503 with `Retry-After`. */
                q?: {
                    [key: string]: string;
                };
                /** @description Comma-separated ids; replaces the q search */
                ids?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        option_types: components["schemas"]["OptionTypeJson"][];
                        /** @description Items on this page */
                        count: number;
                        /** @description All matching items */
                        total_count: number;
                        current_page: number;
                        per_page: number;
                        pages: number;
                    };
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The search `q` is too costly: too many conditions, too long an `_in` list, or too many values in all */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Invalid resource. Please fix errors and try again.",
                     *       "errors": {
                     *         "q": [
                     *           "has too many conditions (maximum is 20, counting each _or_ term)"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    OptionTypes_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    option_type: components["schemas"]["OptionTypeParamsDto"];
                };
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OptionTypeJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller is not an admin */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    OptionTypes_show: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OptionTypeJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    OptionTypes_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    option_type: components["schemas"]["OptionTypeParamsDto"];
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OptionTypeJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found
             *
             *     Not found, or the caller is not an admin
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    OptionTypes_destroy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found
             *
             *     Not found, or the caller is not an admin
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    OptionValues_index: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description Ransack-style search: `q[<attribute>_<predicate>]=value` with predicates eq, not_eq, cont, not_cont, start, end, lt, lteq, gt, gteq, in, not_in, null, not_null, present, blank, true, false; `_or_` between attributes; sort with `q[s]=<attribute> asc|desc`. Searchable and sortable attributes: id, name, presentation, position, option_type_id. Other keys are ignored. Limits (422 naming `q` past them): at most 20 conditions, each `_or_` term counting one; at most 100 values in one `_in`/`_not_in` list; at most 300 values in all (a list counts once per `_or_` term). Searches and sorts run a few at a time per instance; one that waits its turn longer than the database pool wait answers 503 with `Retry-After`. */
                q?: {
                    [key: string]: string;
                };
                /** @description Comma-separated ids; replaces the q search */
                ids?: string;
            };
            header?: never;
            path: {
                option_type_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        option_values: components["schemas"]["OptionValueJson"][];
                        /** @description Items on this page */
                        count: number;
                        /** @description All matching items */
                        total_count: number;
                        current_page: number;
                        per_page: number;
                        pages: number;
                    };
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The search `q` is too costly: too many conditions, too long an `_in` list, or too many values in all */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Invalid resource. Please fix errors and try again.",
                     *       "errors": {
                     *         "q": [
                     *           "has too many conditions (maximum is 20, counting each _or_ term)"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    OptionValues_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                option_type_id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    option_value: components["schemas"]["OptionValueParamsDto"];
                };
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OptionValueJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller is not an admin */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    OptionValues_show: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                option_type_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OptionValueJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    OptionValues_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                option_type_id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    option_value: components["schemas"]["OptionValueParamsDto"];
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OptionValueJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found
             *
             *     Not found, or the caller is not an admin
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    OptionValues_destroy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                option_type_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found
             *
             *     Not found, or the caller is not an admin
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    AllOptionValues_index: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description Ransack-style search: `q[<attribute>_<predicate>]=value` with predicates eq, not_eq, cont, not_cont, start, end, lt, lteq, gt, gteq, in, not_in, null, not_null, present, blank, true, false; `_or_` between attributes; sort with `q[s]=<attribute> asc|desc`. Searchable and sortable attributes: id, name, presentation, position, option_type_id. Other keys are ignored. Limits (422 naming `q` past them): at most 20 conditions, each `_or_` term counting one; at most 100 values in one `_in`/`_not_in` list; at most 300 values in all (a list counts once per `_or_` term). Searches and sorts run a few at a time per instance; one that waits its turn longer than the database pool wait answers 503 with `Retry-After`. */
                q?: {
                    [key: string]: string;
                };
                /** @description Comma-separated ids; replaces the q search */
                ids?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        option_values: components["schemas"]["OptionValueJson"][];
                        /** @description Items on this page */
                        count: number;
                        /** @description All matching items */
                        total_count: number;
                        current_page: number;
                        per_page: number;
                        pages: number;
                    };
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The search `q` is too costly: too many conditions, too long an `_in` list, or too many values in all */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Invalid resource. Please fix errors and try again.",
                     *       "errors": {
                     *         "q": [
                     *           "has too many conditions (maximum is 20, counting each _or_ term)"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    AllOptionValues_show: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OptionValueJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Taxonomies_index: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description Ransack-style search: `q[<attribute>_<predicate>]=value` with predicates eq, not_eq, cont, not_cont, start, end, lt, lteq, gt, gteq, in, not_in, null, not_null, present, blank, true, false; `_or_` between attributes; sort with `q[s]=<attribute> asc|desc`. Searchable and sortable attributes: id, name, position, root_name. Other keys are ignored. Limits (422 naming `q` past them): at most 20 conditions, each `_or_` term counting one; at most 100 values in one `_in`/`_not_in` list; at most 300 values in all (a list counts once per `_or_` term). Searches and sorts run a few at a time per instance; one that waits its turn longer than the database pool wait answers 503 with `Retry-After`. */
                q?: {
                    [key: string]: string;
                };
                /** @description `nested`: every taxon carries its own `taxons`, down to the leaves */
                set?: "nested";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        taxonomies: components["schemas"]["TaxonomyJson"][];
                        /** @description Items on this page */
                        count: number;
                        /** @description All matching items */
                        total_count: number;
                        current_page: number;
                        per_page: number;
                        pages: number;
                    };
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The search `q` is too costly: too many conditions, too long an `_in` list, or too many values in all */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Invalid resource. Please fix errors and try again.",
                     *       "errors": {
                     *         "q": [
                     *           "has too many conditions (maximum is 20, counting each _or_ term)"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Taxonomies_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    taxonomy: components["schemas"]["TaxonomyParamsDto"];
                };
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaxonomyJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller is not an admin */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Taxonomies_describe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NewResourceJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Taxonomies_show: {
        parameters: {
            query?: {
                /** @description `nested`: every taxon carries its own `taxons`, down to the leaves */
                set?: "nested";
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaxonomyJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Taxonomies_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    taxonomy: components["schemas"]["TaxonomyParamsDto"];
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaxonomyJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller is not an admin */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Taxonomies_destroy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller is not an admin */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Taxonomies_jstree: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JstreeNodeJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    TaxonomyTaxons_index: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description Ransack-style search: `q[<attribute>_<predicate>]=value` with predicates eq, not_eq, cont, not_cont, start, end, lt, lteq, gt, gteq, in, not_in, null, not_null, present, blank, true, false; `_or_` between attributes; sort with `q[s]=<attribute> asc|desc`. Searchable and sortable attributes: id, name, permalink, parent_id, taxonomy_id, position, taxonomy_name. Other keys are ignored. Limits (422 naming `q` past them): at most 20 conditions, each `_or_` term counting one; at most 100 values in one `_in`/`_not_in` list; at most 300 values in all (a list counts once per `_or_` term). Searches and sorts run a few at a time per instance; one that waits its turn longer than the database pool wait answers 503 with `Retry-After`. */
                q?: {
                    [key: string]: string;
                };
                /** @description `nested`: every taxon carries its own `taxons`, down to the leaves */
                set?: "nested";
                /** @description Leave out each taxon's `taxons` */
                without_children?: boolean;
            };
            header?: never;
            path: {
                taxonomy_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        taxons: components["schemas"]["TaxonWithChildrenJson"][];
                        /** @description Items on this page */
                        count: number;
                        /** @description All matching items */
                        total_count: number;
                        current_page: number;
                        per_page: number;
                        pages: number;
                    };
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The search `q` is too costly: too many conditions, too long an `_in` list, or too many values in all */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Invalid resource. Please fix errors and try again.",
                     *       "errors": {
                     *         "q": [
                     *           "has too many conditions (maximum is 20, counting each _or_ term)"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    TaxonomyTaxons_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An unknown taxonomy is a 422 on taxonomy_id */
                taxonomy_id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    taxon: components["schemas"]["TaxonParamsDto"];
                };
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaxonWithChildrenJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller is not an admin */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    TaxonomyTaxons_describe: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                taxonomy_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NewResourceJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    TaxonomyTaxons_show: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                taxonomy_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaxonWithChildrenJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    TaxonomyTaxons_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                taxonomy_id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    taxon: components["schemas"]["TaxonParamsDto"];
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaxonWithChildrenJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller is not an admin */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    TaxonomyTaxons_destroy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                taxonomy_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller is not an admin */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    TaxonomyTaxons_jstree: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                taxonomy_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JstreeNodeJson"][];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Taxons_index: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description Ransack-style search: `q[<attribute>_<predicate>]=value` with predicates eq, not_eq, cont, not_cont, start, end, lt, lteq, gt, gteq, in, not_in, null, not_null, present, blank, true, false; `_or_` between attributes; sort with `q[s]=<attribute> asc|desc`. Searchable and sortable attributes: id, name, permalink, parent_id, taxonomy_id, position, taxonomy_name. Other keys are ignored. Limits (422 naming `q` past them): at most 20 conditions, each `_or_` term counting one; at most 100 values in one `_in`/`_not_in` list; at most 300 values in all (a list counts once per `_or_` term). Searches and sorts run a few at a time per instance; one that waits its turn longer than the database pool wait answers 503 with `Retry-After`. */
                q?: {
                    [key: string]: string;
                };
                /** @description `nested`: every taxon carries its own `taxons`, down to the leaves */
                set?: "nested";
                /** @description Leave out each taxon's `taxons` */
                without_children?: boolean;
                /** @description Comma-separated ids; replaces the q search */
                ids?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        taxons: components["schemas"]["TaxonWithChildrenJson"][];
                        /** @description Items on this page */
                        count: number;
                        /** @description All matching items */
                        total_count: number;
                        current_page: number;
                        per_page: number;
                        pages: number;
                    };
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The search `q` is too costly: too many conditions, too long an `_in` list, or too many values in all */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Invalid resource. Please fix errors and try again.",
                     *       "errors": {
                     *         "q": [
                     *           "has too many conditions (maximum is 20, counting each _or_ term)"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Classifications_update: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClassificationParamsDto"];
            };
        };
        responses: {
            /** @description Moved (Spree answers 200 with an empty body; 204 says the same plainly) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller is not an admin */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    StockLocations_index: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description Ransack-style search: `q[<attribute>_<predicate>]=value` with predicates eq, not_eq, cont, not_cont, start, end, lt, lteq, gt, gteq, in, not_in, null, not_null, present, blank, true, false; `_or_` between attributes; sort with `q[s]=<attribute> asc|desc`. Searchable and sortable attributes: id, name, admin_name, address1, address2, city, zipcode, phone, state_id, state_name, country_id, active, backorderable_default, propagate_all_variants, country_name, country_iso, state_abbr, created_at, updated_at. Other keys are ignored. Limits (422 naming `q` past them): at most 20 conditions, each `_or_` term counting one; at most 100 values in one `_in`/`_not_in` list; at most 300 values in all (a list counts once per `_or_` term). Searches and sorts run a few at a time per instance; one that waits its turn longer than the database pool wait answers 503 with `Retry-After`. */
                q?: {
                    [key: string]: string;
                };
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        stock_locations: components["schemas"]["StockLocationJson"][];
                        /** @description Items on this page */
                        count: number;
                        /** @description All matching items */
                        total_count: number;
                        current_page: number;
                        per_page: number;
                        pages: number;
                    };
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not authorized
             *
             *     The caller is not an admin
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The search `q` is too costly: too many conditions, too long an `_in` list, or too many values in all */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Invalid resource. Please fix errors and try again.",
                     *       "errors": {
                     *         "q": [
                     *           "has too many conditions (maximum is 20, counting each _or_ term)"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    StockLocations_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    stock_location: components["schemas"]["CreateStockLocationDto"];
                };
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StockLocationJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not authorized
             *
             *     The caller is not an admin
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    StockLocations_show: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StockLocationJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found
             *
             *     Not found, or the caller is not an admin
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    StockLocations_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    stock_location: components["schemas"]["UpdateStockLocationDto"];
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StockLocationJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found
             *
             *     Not found, or the caller is not an admin
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    StockLocations_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found
             *
             *     Not found, or the caller is not an admin
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    StockItems_index: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description Ransack-style search: `q[<attribute>_<predicate>]=value` with predicates eq, not_eq, cont, not_cont, start, end, lt, lteq, gt, gteq, in, not_in, null, not_null, present, blank, true, false; `_or_` between attributes; sort with `q[s]=<attribute> asc|desc`. Searchable and sortable attributes: id, variant_id, stock_location_id, count_on_hand, backorderable, lock_version, created_at, updated_at, variant_sku, variant_is_master, variant_product_id, variant_product_name. Other keys are ignored. Limits (422 naming `q` past them): at most 20 conditions, each `_or_` term counting one; at most 100 values in one `_in`/`_not_in` list; at most 300 values in all (a list counts once per `_or_` term). Searches and sorts run a few at a time per instance; one that waits its turn longer than the database pool wait answers 503 with `Retry-After`. */
                q?: {
                    [key: string]: string;
                };
            };
            header?: never;
            path: {
                stock_location_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        stock_items: components["schemas"]["StockItemJson"][];
                        /** @description Items on this page */
                        count: number;
                        /** @description All matching items */
                        total_count: number;
                        current_page: number;
                        per_page: number;
                        pages: number;
                    };
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The search `q` is too costly: too many conditions, too long an `_in` list, or too many values in all */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Invalid resource. Please fix errors and try again.",
                     *       "errors": {
                     *         "q": [
                     *           "has too many conditions (maximum is 20, counting each _or_ term)"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    StockItems_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                stock_location_id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    stock_item: components["schemas"]["CreateStockItemDto"];
                };
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StockItemJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    StockItems_show: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                stock_location_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StockItemJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    StockItems_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                stock_location_id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    stock_item: components["schemas"]["UpdateStockItemDto"];
                };
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StockItemJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    StockItems_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                stock_location_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    StockMovements_index: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description Ransack-style search: `q[<attribute>_<predicate>]=value` with predicates eq, not_eq, cont, not_cont, start, end, lt, lteq, gt, gteq, in, not_in, null, not_null, present, blank, true, false; `_or_` between attributes; sort with `q[s]=<attribute> asc|desc`. Searchable and sortable attributes: id, quantity, action, stock_item_id, originator_type, originator_id, created_at, stock_item_variant_id. Other keys are ignored. Limits (422 naming `q` past them): at most 20 conditions, each `_or_` term counting one; at most 100 values in one `_in`/`_not_in` list; at most 300 values in all (a list counts once per `_or_` term). Searches and sorts run a few at a time per instance; one that waits its turn longer than the database pool wait answers 503 with `Retry-After`. */
                q?: {
                    [key: string]: string;
                };
            };
            header?: never;
            path: {
                stock_location_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        stock_movements: components["schemas"]["StockMovementJson"][];
                        /** @description Items on this page */
                        count: number;
                        /** @description All matching items */
                        total_count: number;
                        current_page: number;
                        per_page: number;
                        pages: number;
                    };
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The search `q` is too costly: too many conditions, too long an `_in` list, or too many values in all */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Invalid resource. Please fix errors and try again.",
                     *       "errors": {
                     *         "q": [
                     *           "has too many conditions (maximum is 20, counting each _or_ term)"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    StockMovements_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                stock_location_id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    stock_movement: components["schemas"]["CreateStockMovementDto"];
                };
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StockMovementJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    StockMovements_show: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                stock_location_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StockMovementJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    InventoryUnits_show: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InventoryUnitJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    InventoryUnits_update: {
        parameters: {
            query?: {
                /** @description also accepted in the body */
                fire?: "fill_backorder" | "ship" | "return";
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["InventoryUnitUpdateBody"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InventoryUnitJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Orders_index: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description Ransack-style search: `q[<attribute>_<predicate>]=value` with predicates eq, not_eq, cont, not_cont, start, end, lt, lteq, gt, gteq, in, not_in, null, not_null, present, blank, true, false; `_or_` between attributes; sort with `q[s]=<attribute> asc|desc`. Searchable and sortable attributes: id, number, state, email, payment_state, shipment_state, total, item_total, user_id, channel, created_at, updated_at, completed_at, bill_address_firstname, bill_address_lastname, ship_address_firstname, ship_address_lastname, line_items_variant_id, shipments_number. Other keys are ignored. Limits (422 naming `q` past them): at most 20 conditions, each `_or_` term counting one; at most 100 values in one `_in`/`_not_in` list; at most 300 values in all (a list counts once per `_or_` term). Searches and sorts run a few at a time per instance; one that waits its turn longer than the database pool wait answers 503 with `Retry-After`. */
                q?: {
                    [key: string]: string;
                };
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        orders: components["schemas"]["OrderSummaryJson"][];
                        /** @description Items on this page */
                        count: number;
                        /** @description All matching items */
                        total_count: number;
                        current_page: number;
                        per_page: number;
                        pages: number;
                    };
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller is not an admin */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The search `q` is too costly: too many conditions, too long an `_in` list, or too many values in all */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Invalid resource. Please fix errors and try again.",
                     *       "errors": {
                     *         "q": [
                     *           "has too many conditions (maximum is 20, counting each _or_ term)"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Orders_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 characters: send a random UUID (version 4) per operation. A retry with the same key and the same request within 24 hours gets the first answer again (header `Idempotent-Replayed: true`) and does nothing twice. Keys are per client: its API key; else, on an order's routes, its order token; else (a guest creating an order) its address, and then the key must be unguessable (a UUID v4, or at least 32 random hex digits or 22 random base64url characters), as it alone lets the answer (the new order's token) be had again. Answers 5xx, 409 and 429 are not kept: a retry runs again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["OrderBodyDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderJson"];
                };
            };
            /**
             * @description The Idempotency-Key header is empty or longer than 255 characters
             *
             *     The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A request with this Idempotency-Key is still being processed (Retry-After: 1) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Invalid resource
             *
             *     This Idempotency-Key was used with a different request, or, sent without an API key or order token, it is too easy to guess (`errors.idempotency_key`)
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Orders_mine: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description Ransack-style search: `q[<attribute>_<predicate>]=value` with predicates eq, not_eq, cont, not_cont, start, end, lt, lteq, gt, gteq, in, not_in, null, not_null, present, blank, true, false; `_or_` between attributes; sort with `q[s]=<attribute> asc|desc`. Searchable and sortable attributes: id, number, state, email, payment_state, shipment_state, total, item_total, user_id, channel, created_at, updated_at, completed_at, bill_address_firstname, bill_address_lastname, ship_address_firstname, ship_address_lastname, line_items_variant_id, shipments_number. Other keys are ignored. Limits (422 naming `q` past them): at most 20 conditions, each `_or_` term counting one; at most 100 values in one `_in`/`_not_in` list; at most 300 values in all (a list counts once per `_or_` term). Searches and sorts run a few at a time per instance; one that waits its turn longer than the database pool wait answers 503 with `Retry-After`. */
                q?: {
                    [key: string]: string;
                };
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        orders: components["schemas"]["OrderJson"][];
                        /** @description Items on this page */
                        count: number;
                        /** @description All matching items */
                        total_count: number;
                        current_page: number;
                        per_page: number;
                        pages: number;
                    };
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The search `q` is too costly: too many conditions, too long an `_in` list, or too many values in all */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Invalid resource. Please fix errors and try again.",
                     *       "errors": {
                     *         "q": [
                     *           "has too many conditions (maximum is 20, counting each _or_ term)"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Orders_show: {
        parameters: {
            query?: {
                /** @description The order's token (for guests), instead of the header */
                order_token?: string;
            };
            header?: {
                /** @description The order's token (for guests) */
                "X-Spree-Order-Token"?: string;
            };
            path: {
                /** @description The order number */
                number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not the caller's order */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No such order */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Orders_update: {
        parameters: {
            query?: {
                /** @description The order's token (for guests), instead of the header */
                order_token?: string;
            };
            header?: {
                /** @description The order's token (for guests) */
                "X-Spree-Order-Token"?: string;
            };
            path: {
                /** @description The order number */
                number: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["OrderBodyDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not the caller's order */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No such order */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Orders_cancel: {
        parameters: {
            query?: {
                /** @description The order's token (for guests), instead of the header */
                order_token?: string;
            };
            header?: {
                /** @description The order's token (for guests) */
                "X-Spree-Order-Token"?: string;
            };
            path: {
                /** @description The order number */
                number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not the caller's order */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No such order */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Orders_empty: {
        parameters: {
            query?: {
                /** @description The order's token (for guests), instead of the header */
                order_token?: string;
            };
            header?: {
                /** @description The order's token (for guests) */
                "X-Spree-Order-Token"?: string;
            };
            path: {
                /** @description The order number */
                number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Emptied */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not the caller's order */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No such order */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "OrderAddresses_show[0]": {
        parameters: {
            query?: {
                /** @description The order's token (for guests), instead of the header */
                order_token?: string;
            };
            header?: {
                /** @description The order's token (for guests) */
                "X-Spree-Order-Token"?: string;
            };
            path: {
                /** @description The order number */
                number: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AddressJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not the caller's order */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No such order */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "OrderAddresses_update[0]": {
        parameters: {
            query?: {
                /** @description The order's token (for guests), instead of the header */
                order_token?: string;
            };
            header?: {
                /** @description The order's token (for guests) */
                "X-Spree-Order-Token"?: string;
            };
            path: {
                /** @description The order number */
                number: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    address: components["schemas"]["AddressParamsDto"];
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AddressJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not the caller's order */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No such order */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "OrderAddresses_show[1]": {
        parameters: {
            query?: {
                /** @description The order's token (for guests), instead of the header */
                order_token?: string;
            };
            header?: {
                /** @description The order's token (for guests) */
                "X-Spree-Order-Token"?: string;
            };
            path: {
                /** @description The order number */
                number: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AddressJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not the caller's order */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No such order */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "OrderAddresses_update[1]": {
        parameters: {
            query?: {
                /** @description The order's token (for guests), instead of the header */
                order_token?: string;
            };
            header?: {
                /** @description The order's token (for guests) */
                "X-Spree-Order-Token"?: string;
            };
            path: {
                /** @description The order number */
                number: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    address: components["schemas"]["AddressParamsDto"];
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AddressJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not the caller's order */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No such order */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ShippingCategories_index: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description Ransack-style search: `q[<attribute>_<predicate>]=value` with predicates eq, not_eq, cont, not_cont, start, end, lt, lteq, gt, gteq, in, not_in, null, not_null, present, blank, true, false; `_or_` between attributes; sort with `q[s]=<attribute> asc|desc`. Searchable and sortable attributes: id, name. Other keys are ignored. Limits (422 naming `q` past them): at most 20 conditions, each `_or_` term counting one; at most 100 values in one `_in`/`_not_in` list; at most 300 values in all (a list counts once per `_or_` term). Searches and sorts run a few at a time per instance; one that waits its turn longer than the database pool wait answers 503 with `Retry-After`. */
                q?: {
                    [key: string]: string;
                };
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        shipping_categories: components["schemas"]["ShippingCategoryJson"][];
                        /** @description Items on this page */
                        count: number;
                        /** @description All matching items */
                        total_count: number;
                        current_page: number;
                        per_page: number;
                        pages: number;
                    };
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not authorized
             *
             *     The caller is not an admin
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The search `q` is too costly: too many conditions, too long an `_in` list, or too many values in all */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Invalid resource. Please fix errors and try again.",
                     *       "errors": {
                     *         "q": [
                     *           "has too many conditions (maximum is 20, counting each _or_ term)"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ShippingCategories_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    shipping_category: components["schemas"]["CreateShippingCategoryDto"];
                };
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ShippingCategoryJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not authorized
             *
             *     The caller is not an admin
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ShippingCategories_show: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ShippingCategoryJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found
             *
             *     Not found, or the caller is not an admin
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ShippingCategories_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    shipping_category: components["schemas"]["UpdateShippingCategoryDto"];
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ShippingCategoryJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found
             *
             *     Not found, or the caller is not an admin
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ShippingCategories_destroy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found
             *
             *     Not found, or the caller is not an admin
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ShippingMethods_index: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description Ransack-style search: `q[<attribute>_<predicate>]=value` with predicates eq, not_eq, cont, not_cont, start, end, lt, lteq, gt, gteq, in, not_in, null, not_null, present, blank, true, false; `_or_` between attributes; sort with `q[s]=<attribute> asc|desc`. Searchable and sortable attributes: id, name, admin_name, code, display_on, calculator_type, calculator_amount. Other keys are ignored. Limits (422 naming `q` past them): at most 20 conditions, each `_or_` term counting one; at most 100 values in one `_in`/`_not_in` list; at most 300 values in all (a list counts once per `_or_` term). Searches and sorts run a few at a time per instance; one that waits its turn longer than the database pool wait answers 503 with `Retry-After`. */
                q?: {
                    [key: string]: string;
                };
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        shipping_methods: components["schemas"]["ShippingMethodJson"][];
                        /** @description Items on this page */
                        count: number;
                        /** @description All matching items */
                        total_count: number;
                        current_page: number;
                        per_page: number;
                        pages: number;
                    };
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not authorized
             *
             *     The caller is not an admin
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The search `q` is too costly: too many conditions, too long an `_in` list, or too many values in all */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Invalid resource. Please fix errors and try again.",
                     *       "errors": {
                     *         "q": [
                     *           "has too many conditions (maximum is 20, counting each _or_ term)"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ShippingMethods_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    shipping_method: components["schemas"]["CreateShippingMethodDto"];
                };
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ShippingMethodJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not authorized
             *
             *     The caller is not an admin
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ShippingMethods_show: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ShippingMethodJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found
             *
             *     Not found, or the caller is not an admin
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ShippingMethods_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    shipping_method: components["schemas"]["UpdateShippingMethodDto"];
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ShippingMethodJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found
             *
             *     Not found, or the caller is not an admin
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ShippingMethods_destroy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found
             *
             *     Not found, or the caller is not an admin
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "Shipments_create[0]": {
        parameters: {
            query: {
                variant_id: number;
                /** @description Default 1 */
                quantity?: number;
                stock_location_id: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    shipment: components["schemas"]["ShipmentParamsDto"];
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminShipmentJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller is not an admin */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "Shipments_create[1]": {
        parameters: {
            query: {
                variant_id: number;
                /** @description Default 1 */
                quantity?: number;
                stock_location_id: number;
            };
            header?: never;
            path: {
                order_number: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    shipment: components["schemas"]["ShipmentParamsDto"];
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminShipmentJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The caller is not an admin */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "Shipments_update[0]": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The shipment number */
                number: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    shipment: components["schemas"]["ShipmentParamsDto"];
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminShipmentJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found, or the caller is not an admin
             *
             *     Not found
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "Shipments_update[1]": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The shipment number */
                number: string;
                order_number: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    shipment: components["schemas"]["ShipmentParamsDto"];
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminShipmentJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found, or the caller is not an admin
             *
             *     Not found
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "Shipments_ready[0]": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The shipment number */
                number: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    shipment: components["schemas"]["ShipmentParamsDto"];
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminShipmentJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found, or the caller is not an admin
             *
             *     Not found
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "Shipments_ready[1]": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The shipment number */
                number: string;
                order_number: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    shipment: components["schemas"]["ShipmentParamsDto"];
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminShipmentJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found, or the caller is not an admin
             *
             *     Not found
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "Shipments_ship[0]": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The shipment number */
                number: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    shipment: components["schemas"]["ShipmentParamsDto"];
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminShipmentJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found, or the caller is not an admin
             *
             *     Not found
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "Shipments_ship[1]": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The shipment number */
                number: string;
                order_number: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    shipment: components["schemas"]["ShipmentParamsDto"];
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminShipmentJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found, or the caller is not an admin
             *
             *     Not found
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "Shipments_add[0]": {
        parameters: {
            query: {
                variant_id: number;
                /** @description Default 1 */
                quantity?: number;
            };
            header?: never;
            path: {
                /** @description The shipment number */
                number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminShipmentJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found, or the caller is not an admin
             *
             *     Not found
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "Shipments_add[1]": {
        parameters: {
            query: {
                variant_id: number;
                /** @description Default 1 */
                quantity?: number;
            };
            header?: never;
            path: {
                /** @description The shipment number */
                number: string;
                order_number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminShipmentJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found, or the caller is not an admin
             *
             *     Not found
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "Shipments_remove[0]": {
        parameters: {
            query: {
                variant_id: number;
                /** @description Default 1 */
                quantity?: number;
            };
            header?: never;
            path: {
                /** @description The shipment number */
                number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminShipmentJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found, or the caller is not an admin
             *
             *     Not found
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "Shipments_remove[1]": {
        parameters: {
            query: {
                variant_id: number;
                /** @description Default 1 */
                quantity?: number;
            };
            header?: never;
            path: {
                /** @description The shipment number */
                number: string;
                order_number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminShipmentJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found, or the caller is not an admin
             *
             *     Not found
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ReturnAuthorizations_index: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description Ransack-style search: `q[<attribute>_<predicate>]=value` with predicates eq, not_eq, cont, not_cont, start, end, lt, lteq, gt, gteq, in, not_in, null, not_null, present, blank, true, false; `_or_` between attributes; sort with `q[s]=<attribute> asc|desc`. Searchable and sortable attributes: id, number, state, amount, reason, stock_location_id, created_at, updated_at. Other keys are ignored. Limits (422 naming `q` past them): at most 20 conditions, each `_or_` term counting one; at most 100 values in one `_in`/`_not_in` list; at most 300 values in all (a list counts once per `_or_` term). Searches and sorts run a few at a time per instance; one that waits its turn longer than the database pool wait answers 503 with `Retry-After`. */
                q?: {
                    [key: string]: string;
                };
            };
            header?: never;
            path: {
                /** @description The order number */
                number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        return_authorizations: components["schemas"]["ReturnAuthorizationJson"][];
                        /** @description Items on this page */
                        count: number;
                        /** @description All matching items */
                        total_count: number;
                        current_page: number;
                        per_page: number;
                        pages: number;
                    };
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description The caller is not an admin
             *
             *     The caller is not an admin
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No such order */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The search `q` is too costly: too many conditions, too long an `_in` list, or too many values in all */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Invalid resource. Please fix errors and try again.",
                     *       "errors": {
                     *         "q": [
                     *           "has too many conditions (maximum is 20, counting each _or_ term)"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ReturnAuthorizations_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order number */
                number: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    return_authorization?: components["schemas"]["ReturnAuthorizationParamsDto"];
                };
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReturnAuthorizationJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description The caller is not an admin
             *
             *     The caller is not an admin
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No such order */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ReturnAuthorizations_describe: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order number */
                number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReturnAuthorizationDescriptionJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description The caller is not an admin
             *
             *     The caller is not an admin
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ReturnAuthorizations_show: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order number */
                number: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReturnAuthorizationJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found, or the caller is not an admin
             *
             *     No such order or return authorization, or the caller is not an admin
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ReturnAuthorizations_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order number */
                number: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    return_authorization?: components["schemas"]["ReturnAuthorizationParamsDto"];
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReturnAuthorizationJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found, or the caller is not an admin
             *
             *     No such order or return authorization, or the caller is not an admin
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ReturnAuthorizations_destroy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order number */
                number: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found, or the caller is not an admin
             *
             *     No such order or return authorization, or the caller is not an admin
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ReturnAuthorizations_add: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order number */
                number: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AddReturnUnitsDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReturnAuthorizationJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found, or the caller is not an admin
             *
             *     No such order or return authorization, or the caller is not an admin
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ReturnAuthorizations_receive: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order number */
                number: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReturnAuthorizationJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found, or the caller is not an admin
             *
             *     No such order or return authorization, or the caller is not an admin
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ReturnAuthorizations_cancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order number */
                number: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReturnAuthorizationJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found, or the caller is not an admin
             *
             *     No such order or return authorization, or the caller is not an admin
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    PaymentMethods_index: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description Ransack-style search: `q[<attribute>_<predicate>]=value` with predicates eq, not_eq, cont, not_cont, start, end, lt, lteq, gt, gteq, in, not_in, null, not_null, present, blank, true, false; `_or_` between attributes; sort with `q[s]=<attribute> asc|desc`. Searchable and sortable attributes: id, name, type, active, environment, display_on. Other keys are ignored. Limits (422 naming `q` past them): at most 20 conditions, each `_or_` term counting one; at most 100 values in one `_in`/`_not_in` list; at most 300 values in all (a list counts once per `_or_` term). Searches and sorts run a few at a time per instance; one that waits its turn longer than the database pool wait answers 503 with `Retry-After`. */
                q?: {
                    [key: string]: string;
                };
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payment_methods: components["schemas"]["PaymentMethodJson"][];
                        /** @description Items on this page */
                        count: number;
                        /** @description All matching items */
                        total_count: number;
                        current_page: number;
                        per_page: number;
                        pages: number;
                    };
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not authorized
             *
             *     The caller is not an admin
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The search `q` is too costly: too many conditions, too long an `_in` list, or too many values in all */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Invalid resource. Please fix errors and try again.",
                     *       "errors": {
                     *         "q": [
                     *           "has too many conditions (maximum is 20, counting each _or_ term)"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    PaymentMethods_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    payment_method: components["schemas"]["CreatePaymentMethodDto"];
                };
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentMethodJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not authorized
             *
             *     The caller is not an admin
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    PaymentMethods_show: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentMethodJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found
             *
             *     Not found, or the caller is not an admin
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    PaymentMethods_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    payment_method: components["schemas"]["UpdatePaymentMethodDto"];
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentMethodJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found
             *
             *     Not found, or the caller is not an admin
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    PaymentMethods_destroy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found
             *
             *     Not found, or the caller is not an admin
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "Payments_index[0]": {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description Ransack-style search: `q[<attribute>_<predicate>]=value` with predicates eq, not_eq, cont, not_cont, start, end, lt, lteq, gt, gteq, in, not_in, null, not_null, present, blank, true, false; `_or_` between attributes; sort with `q[s]=<attribute> asc|desc`. Searchable and sortable attributes: id, amount, state, payment_method_id, payment_method_name, source_type, source_id, response_code, avs_response, created_at, updated_at. Other keys are ignored. Limits (422 naming `q` past them): at most 20 conditions, each `_or_` term counting one; at most 100 values in one `_in`/`_not_in` list; at most 300 values in all (a list counts once per `_or_` term). Searches and sorts run a few at a time per instance; one that waits its turn longer than the database pool wait answers 503 with `Retry-After`. */
                q?: {
                    [key: string]: string;
                };
                /** @description The order's token (for guests), instead of the header */
                order_token?: string;
            };
            header?: {
                /** @description The order's token (for guests) */
                "X-Spree-Order-Token"?: string;
            };
            path: {
                /** @description The order number */
                number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payments: components["schemas"]["PaymentJson"][];
                        /** @description Items on this page */
                        count: number;
                        /** @description All matching items */
                        total_count: number;
                        current_page: number;
                        per_page: number;
                        pages: number;
                    };
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not the caller's order */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No such order */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The search `q` is too costly: too many conditions, too long an `_in` list, or too many values in all */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Invalid resource. Please fix errors and try again.",
                     *       "errors": {
                     *         "q": [
                     *           "has too many conditions (maximum is 20, counting each _or_ term)"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "Payments_create[0]": {
        parameters: {
            query?: {
                /** @description The order's token (for guests), instead of the header */
                order_token?: string;
            };
            header?: {
                /** @description The order's token (for guests) */
                "X-Spree-Order-Token"?: string;
                /** @description Up to 255 characters: send a random UUID (version 4) per operation. A retry with the same key and the same request within 24 hours gets the first answer again (header `Idempotent-Replayed: true`) and does nothing twice. Keys are per client: its API key; else, on an order's routes, its order token; else (a guest creating an order) its address, and then the key must be unguessable (a UUID v4, or at least 32 random hex digits or 22 random base64url characters), as it alone lets the answer (the new order's token) be had again. Answers 5xx, 409 and 429 are not kept: a retry runs again. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The order number */
                number: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    payment: components["schemas"]["CreatePaymentDto"];
                };
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentJson"];
                };
            };
            /**
             * @description `payment` is not an object
             *
             *     The Idempotency-Key header is empty or longer than 255 characters
             *
             *     The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not the caller's order */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No such order */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A request with this Idempotency-Key is still being processed (Retry-After: 1) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Invalid resource, or the gateway declined the card
             *
             *     This Idempotency-Key was used with a different request, or, sent without an API key or order token, it is too easy to guess (`errors.idempotency_key`)
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "Payments_index[1]": {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description Ransack-style search: `q[<attribute>_<predicate>]=value` with predicates eq, not_eq, cont, not_cont, start, end, lt, lteq, gt, gteq, in, not_in, null, not_null, present, blank, true, false; `_or_` between attributes; sort with `q[s]=<attribute> asc|desc`. Searchable and sortable attributes: id, amount, state, payment_method_id, payment_method_name, source_type, source_id, response_code, avs_response, created_at, updated_at. Other keys are ignored. Limits (422 naming `q` past them): at most 20 conditions, each `_or_` term counting one; at most 100 values in one `_in`/`_not_in` list; at most 300 values in all (a list counts once per `_or_` term). Searches and sorts run a few at a time per instance; one that waits its turn longer than the database pool wait answers 503 with `Retry-After`. */
                q?: {
                    [key: string]: string;
                };
                /** @description The order's token (for guests), instead of the header */
                order_token?: string;
            };
            header?: {
                /** @description The order's token (for guests) */
                "X-Spree-Order-Token"?: string;
            };
            path: {
                /** @description The order number */
                number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payments: components["schemas"]["PaymentJson"][];
                        /** @description Items on this page */
                        count: number;
                        /** @description All matching items */
                        total_count: number;
                        current_page: number;
                        per_page: number;
                        pages: number;
                    };
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not the caller's order */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No such order */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The search `q` is too costly: too many conditions, too long an `_in` list, or too many values in all */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Invalid resource. Please fix errors and try again.",
                     *       "errors": {
                     *         "q": [
                     *           "has too many conditions (maximum is 20, counting each _or_ term)"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "Payments_create[1]": {
        parameters: {
            query?: {
                /** @description The order's token (for guests), instead of the header */
                order_token?: string;
            };
            header?: {
                /** @description The order's token (for guests) */
                "X-Spree-Order-Token"?: string;
                /** @description Up to 255 characters: send a random UUID (version 4) per operation. A retry with the same key and the same request within 24 hours gets the first answer again (header `Idempotent-Replayed: true`) and does nothing twice. Keys are per client: its API key; else, on an order's routes, its order token; else (a guest creating an order) its address, and then the key must be unguessable (a UUID v4, or at least 32 random hex digits or 22 random base64url characters), as it alone lets the answer (the new order's token) be had again. Answers 5xx, 409 and 429 are not kept: a retry runs again. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The order number */
                number: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    payment: components["schemas"]["CreatePaymentDto"];
                };
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentJson"];
                };
            };
            /**
             * @description `payment` is not an object
             *
             *     The Idempotency-Key header is empty or longer than 255 characters
             *
             *     The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not the caller's order */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No such order */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A request with this Idempotency-Key is still being processed (Retry-After: 1) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Invalid resource, or the gateway declined the card
             *
             *     This Idempotency-Key was used with a different request, or, sent without an API key or order token, it is too easy to guess (`errors.idempotency_key`)
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "Payments_describe[0]": {
        parameters: {
            query?: {
                /** @description The order's token (for guests), instead of the header */
                order_token?: string;
            };
            header?: {
                /** @description The order's token (for guests) */
                "X-Spree-Order-Token"?: string;
            };
            path: {
                /** @description The order number */
                number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NewPaymentJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not the caller's order */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No such order */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "Payments_describe[1]": {
        parameters: {
            query?: {
                /** @description The order's token (for guests), instead of the header */
                order_token?: string;
            };
            header?: {
                /** @description The order's token (for guests) */
                "X-Spree-Order-Token"?: string;
            };
            path: {
                /** @description The order number */
                number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NewPaymentJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not the caller's order */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No such order */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "Payments_show[0]": {
        parameters: {
            query?: {
                /** @description The order's token (for guests), instead of the header */
                order_token?: string;
            };
            header?: {
                /** @description The order's token (for guests) */
                "X-Spree-Order-Token"?: string;
            };
            path: {
                /** @description The order number */
                number: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not the caller's order */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "Payments_update[0]": {
        parameters: {
            query?: {
                /** @description The order's token (for guests), instead of the header */
                order_token?: string;
            };
            header?: {
                /** @description The order's token (for guests) */
                "X-Spree-Order-Token"?: string;
                /** @description Up to 255 characters: send a random UUID (version 4) per operation. A retry with the same key and the same request within 24 hours gets the first answer again (header `Idempotent-Replayed: true`) and does nothing twice. Keys are per client: its API key; else, on an order's routes, its order token; else (a guest creating an order) its address, and then the key must be unguessable (a UUID v4, or at least 32 random hex digits or 22 random base64url characters), as it alone lets the answer (the new order's token) be had again. Answers 5xx, 409 and 429 are not kept: a retry runs again. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The order number */
                number: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    payment: components["schemas"]["UpdatePaymentDto"];
                };
            };
        };
        responses: {
            /** @description The payment as it now is */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentJson"];
                };
            };
            /**
             * @description `payment` is not an object
             *
             *     The Idempotency-Key header is empty or longer than 255 characters
             *
             *     The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description The caller is not an admin
             *
             *     Not authorized
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The payment is neither in checkout nor pending */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A request with this Idempotency-Key is still being processed (Retry-After: 1) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Invalid resource: the amount is not a number above 0, or the method is not available or does not take this payment’s source.
             *
             *     This Idempotency-Key was used with a different request, or, sent without an API key or order token, it is too easy to guess (`errors.idempotency_key`)
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "Payments_show[1]": {
        parameters: {
            query?: {
                /** @description The order's token (for guests), instead of the header */
                order_token?: string;
            };
            header?: {
                /** @description The order's token (for guests) */
                "X-Spree-Order-Token"?: string;
            };
            path: {
                /** @description The order number */
                number: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not the caller's order */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "Payments_update[1]": {
        parameters: {
            query?: {
                /** @description The order's token (for guests), instead of the header */
                order_token?: string;
            };
            header?: {
                /** @description The order's token (for guests) */
                "X-Spree-Order-Token"?: string;
                /** @description Up to 255 characters: send a random UUID (version 4) per operation. A retry with the same key and the same request within 24 hours gets the first answer again (header `Idempotent-Replayed: true`) and does nothing twice. Keys are per client: its API key; else, on an order's routes, its order token; else (a guest creating an order) its address, and then the key must be unguessable (a UUID v4, or at least 32 random hex digits or 22 random base64url characters), as it alone lets the answer (the new order's token) be had again. Answers 5xx, 409 and 429 are not kept: a retry runs again. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The order number */
                number: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    payment: components["schemas"]["UpdatePaymentDto"];
                };
            };
        };
        responses: {
            /** @description The payment as it now is */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentJson"];
                };
            };
            /**
             * @description `payment` is not an object
             *
             *     The Idempotency-Key header is empty or longer than 255 characters
             *
             *     The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description The caller is not an admin
             *
             *     Not authorized
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The payment is neither in checkout nor pending */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A request with this Idempotency-Key is still being processed (Retry-After: 1) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Invalid resource: the amount is not a number above 0, or the method is not available or does not take this payment’s source.
             *
             *     This Idempotency-Key was used with a different request, or, sent without an API key or order token, it is too easy to guess (`errors.idempotency_key`)
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "Payments_authorize[0]": {
        parameters: {
            query?: {
                /** @description The order's token (for guests), instead of the header */
                order_token?: string;
            };
            header?: {
                /** @description The order's token (for guests) */
                "X-Spree-Order-Token"?: string;
                /** @description Up to 255 characters: send a random UUID (version 4) per operation. A retry with the same key and the same request within 24 hours gets the first answer again (header `Idempotent-Replayed: true`) and does nothing twice. Keys are per client: its API key; else, on an order's routes, its order token; else (a guest creating an order) its address, and then the key must be unguessable (a UUID v4, or at least 32 random hex digits or 22 random base64url characters), as it alone lets the answer (the new order's token) be had again. Answers 5xx, 409 and 429 are not kept: a retry runs again. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The order number */
                number: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment as it now is */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentJson"];
                };
            };
            /**
             * @description The Idempotency-Key header is empty or longer than 255 characters
             *
             *     The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description The caller is not an admin
             *
             *     Not authorized
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A request with this Idempotency-Key is still being processed (Retry-After: 1) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description The gateway refused (`error`: "There was a problem with the payment gateway: <its message>"), or the payment is not in a state the action applies to (invalid resource naming `state`).
             *
             *     This Idempotency-Key was used with a different request, or, sent without an API key or order token, it is too easy to guess (`errors.idempotency_key`)
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "Payments_authorize[1]": {
        parameters: {
            query?: {
                /** @description The order's token (for guests), instead of the header */
                order_token?: string;
            };
            header?: {
                /** @description The order's token (for guests) */
                "X-Spree-Order-Token"?: string;
                /** @description Up to 255 characters: send a random UUID (version 4) per operation. A retry with the same key and the same request within 24 hours gets the first answer again (header `Idempotent-Replayed: true`) and does nothing twice. Keys are per client: its API key; else, on an order's routes, its order token; else (a guest creating an order) its address, and then the key must be unguessable (a UUID v4, or at least 32 random hex digits or 22 random base64url characters), as it alone lets the answer (the new order's token) be had again. Answers 5xx, 409 and 429 are not kept: a retry runs again. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The order number */
                number: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment as it now is */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentJson"];
                };
            };
            /**
             * @description The Idempotency-Key header is empty or longer than 255 characters
             *
             *     The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description The caller is not an admin
             *
             *     Not authorized
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A request with this Idempotency-Key is still being processed (Retry-After: 1) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description The gateway refused (`error`: "There was a problem with the payment gateway: <its message>"), or the payment is not in a state the action applies to (invalid resource naming `state`).
             *
             *     This Idempotency-Key was used with a different request, or, sent without an API key or order token, it is too easy to guess (`errors.idempotency_key`)
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "Payments_capture[0]": {
        parameters: {
            query?: {
                /** @description The order's token (for guests), instead of the header */
                order_token?: string;
            };
            header?: {
                /** @description The order's token (for guests) */
                "X-Spree-Order-Token"?: string;
                /** @description Up to 255 characters: send a random UUID (version 4) per operation. A retry with the same key and the same request within 24 hours gets the first answer again (header `Idempotent-Replayed: true`) and does nothing twice. Keys are per client: its API key; else, on an order's routes, its order token; else (a guest creating an order) its address, and then the key must be unguessable (a UUID v4, or at least 32 random hex digits or 22 random base64url characters), as it alone lets the answer (the new order's token) be had again. Answers 5xx, 409 and 429 are not kept: a retry runs again. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The order number */
                number: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment as it now is */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentJson"];
                };
            };
            /**
             * @description The Idempotency-Key header is empty or longer than 255 characters
             *
             *     The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description The caller is not an admin
             *
             *     Not authorized
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A request with this Idempotency-Key is still being processed (Retry-After: 1) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description The gateway refused (`error`: "There was a problem with the payment gateway: <its message>"), or the payment is not in a state the action applies to (invalid resource naming `state`).
             *
             *     This Idempotency-Key was used with a different request, or, sent without an API key or order token, it is too easy to guess (`errors.idempotency_key`)
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "Payments_capture[1]": {
        parameters: {
            query?: {
                /** @description The order's token (for guests), instead of the header */
                order_token?: string;
            };
            header?: {
                /** @description The order's token (for guests) */
                "X-Spree-Order-Token"?: string;
                /** @description Up to 255 characters: send a random UUID (version 4) per operation. A retry with the same key and the same request within 24 hours gets the first answer again (header `Idempotent-Replayed: true`) and does nothing twice. Keys are per client: its API key; else, on an order's routes, its order token; else (a guest creating an order) its address, and then the key must be unguessable (a UUID v4, or at least 32 random hex digits or 22 random base64url characters), as it alone lets the answer (the new order's token) be had again. Answers 5xx, 409 and 429 are not kept: a retry runs again. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The order number */
                number: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment as it now is */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentJson"];
                };
            };
            /**
             * @description The Idempotency-Key header is empty or longer than 255 characters
             *
             *     The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description The caller is not an admin
             *
             *     Not authorized
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A request with this Idempotency-Key is still being processed (Retry-After: 1) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description The gateway refused (`error`: "There was a problem with the payment gateway: <its message>"), or the payment is not in a state the action applies to (invalid resource naming `state`).
             *
             *     This Idempotency-Key was used with a different request, or, sent without an API key or order token, it is too easy to guess (`errors.idempotency_key`)
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "Payments_purchase[0]": {
        parameters: {
            query?: {
                /** @description The order's token (for guests), instead of the header */
                order_token?: string;
            };
            header?: {
                /** @description The order's token (for guests) */
                "X-Spree-Order-Token"?: string;
                /** @description Up to 255 characters: send a random UUID (version 4) per operation. A retry with the same key and the same request within 24 hours gets the first answer again (header `Idempotent-Replayed: true`) and does nothing twice. Keys are per client: its API key; else, on an order's routes, its order token; else (a guest creating an order) its address, and then the key must be unguessable (a UUID v4, or at least 32 random hex digits or 22 random base64url characters), as it alone lets the answer (the new order's token) be had again. Answers 5xx, 409 and 429 are not kept: a retry runs again. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The order number */
                number: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment as it now is */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentJson"];
                };
            };
            /**
             * @description The Idempotency-Key header is empty or longer than 255 characters
             *
             *     The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description The caller is not an admin
             *
             *     Not authorized
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A request with this Idempotency-Key is still being processed (Retry-After: 1) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description The gateway refused (`error`: "There was a problem with the payment gateway: <its message>"), or the payment is not in a state the action applies to (invalid resource naming `state`).
             *
             *     This Idempotency-Key was used with a different request, or, sent without an API key or order token, it is too easy to guess (`errors.idempotency_key`)
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "Payments_purchase[1]": {
        parameters: {
            query?: {
                /** @description The order's token (for guests), instead of the header */
                order_token?: string;
            };
            header?: {
                /** @description The order's token (for guests) */
                "X-Spree-Order-Token"?: string;
                /** @description Up to 255 characters: send a random UUID (version 4) per operation. A retry with the same key and the same request within 24 hours gets the first answer again (header `Idempotent-Replayed: true`) and does nothing twice. Keys are per client: its API key; else, on an order's routes, its order token; else (a guest creating an order) its address, and then the key must be unguessable (a UUID v4, or at least 32 random hex digits or 22 random base64url characters), as it alone lets the answer (the new order's token) be had again. Answers 5xx, 409 and 429 are not kept: a retry runs again. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The order number */
                number: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment as it now is */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentJson"];
                };
            };
            /**
             * @description The Idempotency-Key header is empty or longer than 255 characters
             *
             *     The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description The caller is not an admin
             *
             *     Not authorized
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A request with this Idempotency-Key is still being processed (Retry-After: 1) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description The gateway refused (`error`: "There was a problem with the payment gateway: <its message>"), or the payment is not in a state the action applies to (invalid resource naming `state`).
             *
             *     This Idempotency-Key was used with a different request, or, sent without an API key or order token, it is too easy to guess (`errors.idempotency_key`)
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "Payments_void[0]": {
        parameters: {
            query?: {
                /** @description The order's token (for guests), instead of the header */
                order_token?: string;
            };
            header?: {
                /** @description The order's token (for guests) */
                "X-Spree-Order-Token"?: string;
                /** @description Up to 255 characters: send a random UUID (version 4) per operation. A retry with the same key and the same request within 24 hours gets the first answer again (header `Idempotent-Replayed: true`) and does nothing twice. Keys are per client: its API key; else, on an order's routes, its order token; else (a guest creating an order) its address, and then the key must be unguessable (a UUID v4, or at least 32 random hex digits or 22 random base64url characters), as it alone lets the answer (the new order's token) be had again. Answers 5xx, 409 and 429 are not kept: a retry runs again. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The order number */
                number: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment as it now is */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentJson"];
                };
            };
            /**
             * @description The Idempotency-Key header is empty or longer than 255 characters
             *
             *     The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description The caller is not an admin
             *
             *     Not authorized
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A request with this Idempotency-Key is still being processed (Retry-After: 1) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description The gateway refused (`error`: "There was a problem with the payment gateway: <its message>"), or the payment is not in a state the action applies to (invalid resource naming `state`).
             *
             *     This Idempotency-Key was used with a different request, or, sent without an API key or order token, it is too easy to guess (`errors.idempotency_key`)
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "Payments_void[1]": {
        parameters: {
            query?: {
                /** @description The order's token (for guests), instead of the header */
                order_token?: string;
            };
            header?: {
                /** @description The order's token (for guests) */
                "X-Spree-Order-Token"?: string;
                /** @description Up to 255 characters: send a random UUID (version 4) per operation. A retry with the same key and the same request within 24 hours gets the first answer again (header `Idempotent-Replayed: true`) and does nothing twice. Keys are per client: its API key; else, on an order's routes, its order token; else (a guest creating an order) its address, and then the key must be unguessable (a UUID v4, or at least 32 random hex digits or 22 random base64url characters), as it alone lets the answer (the new order's token) be had again. Answers 5xx, 409 and 429 are not kept: a retry runs again. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The order number */
                number: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment as it now is */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentJson"];
                };
            };
            /**
             * @description The Idempotency-Key header is empty or longer than 255 characters
             *
             *     The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description The caller is not an admin
             *
             *     Not authorized
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A request with this Idempotency-Key is still being processed (Retry-After: 1) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description The gateway refused (`error`: "There was a problem with the payment gateway: <its message>"), or the payment is not in a state the action applies to (invalid resource naming `state`).
             *
             *     This Idempotency-Key was used with a different request, or, sent without an API key or order token, it is too easy to guess (`errors.idempotency_key`)
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "Payments_credit[0]": {
        parameters: {
            query?: {
                /** @description The order's token (for guests), instead of the header */
                order_token?: string;
            };
            header?: {
                /** @description The order's token (for guests) */
                "X-Spree-Order-Token"?: string;
                /** @description Up to 255 characters: send a random UUID (version 4) per operation. A retry with the same key and the same request within 24 hours gets the first answer again (header `Idempotent-Replayed: true`) and does nothing twice. Keys are per client: its API key; else, on an order's routes, its order token; else (a guest creating an order) its address, and then the key must be unguessable (a UUID v4, or at least 32 random hex digits or 22 random base64url characters), as it alone lets the answer (the new order's token) be had again. Answers 5xx, 409 and 429 are not kept: a retry runs again. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The order number */
                number: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CreditPaymentDto"];
            };
        };
        responses: {
            /** @description The payment as it now is */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentJson"];
                };
            };
            /**
             * @description The Idempotency-Key header is empty or longer than 255 characters
             *
             *     The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description The caller is not an admin
             *
             *     Not authorized
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A request with this Idempotency-Key is still being processed (Retry-After: 1) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description More than the payment can give back (`{"error":"This payment can only be credited up to <limit>. Please specify an amount less than or equal to this number."}`), the gateway refused, the payment is not completed, or the amount is not a number above 0 (invalid resource).
             *
             *     This Idempotency-Key was used with a different request, or, sent without an API key or order token, it is too easy to guess (`errors.idempotency_key`)
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "Payments_credit[1]": {
        parameters: {
            query?: {
                /** @description The order's token (for guests), instead of the header */
                order_token?: string;
            };
            header?: {
                /** @description The order's token (for guests) */
                "X-Spree-Order-Token"?: string;
                /** @description Up to 255 characters: send a random UUID (version 4) per operation. A retry with the same key and the same request within 24 hours gets the first answer again (header `Idempotent-Replayed: true`) and does nothing twice. Keys are per client: its API key; else, on an order's routes, its order token; else (a guest creating an order) its address, and then the key must be unguessable (a UUID v4, or at least 32 random hex digits or 22 random base64url characters), as it alone lets the answer (the new order's token) be had again. Answers 5xx, 409 and 429 are not kept: a retry runs again. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The order number */
                number: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CreditPaymentDto"];
            };
        };
        responses: {
            /** @description The payment as it now is */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentJson"];
                };
            };
            /**
             * @description The Idempotency-Key header is empty or longer than 255 characters
             *
             *     The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description The caller is not an admin
             *
             *     Not authorized
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A request with this Idempotency-Key is still being processed (Retry-After: 1) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description More than the payment can give back (`{"error":"This payment can only be credited up to <limit>. Please specify an amount less than or equal to this number."}`), the gateway refused, the payment is not completed, or the amount is not a number above 0 (invalid resource).
             *
             *     This Idempotency-Key was used with a different request, or, sent without an API key or order token, it is too easy to guess (`errors.idempotency_key`)
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    TaxCategories_index: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description Ransack-style search: `q[<attribute>_<predicate>]=value` with predicates eq, not_eq, cont, not_cont, start, end, lt, lteq, gt, gteq, in, not_in, null, not_null, present, blank, true, false; `_or_` between attributes; sort with `q[s]=<attribute> asc|desc`. Searchable and sortable attributes: id, name, description, is_default, tax_code. Other keys are ignored. Limits (422 naming `q` past them): at most 20 conditions, each `_or_` term counting one; at most 100 values in one `_in`/`_not_in` list; at most 300 values in all (a list counts once per `_or_` term). Searches and sorts run a few at a time per instance; one that waits its turn longer than the database pool wait answers 503 with `Retry-After`. */
                q?: {
                    [key: string]: string;
                };
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tax_categories: components["schemas"]["TaxCategoryJson"][];
                        /** @description Items on this page */
                        count: number;
                        /** @description All matching items */
                        total_count: number;
                        current_page: number;
                        per_page: number;
                        pages: number;
                    };
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not authorized
             *
             *     The caller is not an admin
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The search `q` is too costly: too many conditions, too long an `_in` list, or too many values in all */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Invalid resource. Please fix errors and try again.",
                     *       "errors": {
                     *         "q": [
                     *           "has too many conditions (maximum is 20, counting each _or_ term)"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    TaxCategories_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    tax_category: components["schemas"]["CreateTaxCategoryDto"];
                };
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaxCategoryJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not authorized
             *
             *     The caller is not an admin
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    TaxCategories_show: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaxCategoryJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found
             *
             *     Not found, or the caller is not an admin
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    TaxCategories_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    tax_category: components["schemas"]["UpdateTaxCategoryDto"];
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaxCategoryJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found
             *
             *     Not found, or the caller is not an admin
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    TaxCategories_destroy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found
             *
             *     Not found, or the caller is not an admin
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    TaxRates_index: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description Ransack-style search: `q[<attribute>_<predicate>]=value` with predicates eq, not_eq, cont, not_cont, start, end, lt, lteq, gt, gteq, in, not_in, null, not_null, present, blank, true, false; `_or_` between attributes; sort with `q[s]=<attribute> asc|desc`. Searchable and sortable attributes: id, name, amount, zone_id, tax_category_id, included_in_price, show_rate_in_label, zone_name, tax_category_name. Other keys are ignored. Limits (422 naming `q` past them): at most 20 conditions, each `_or_` term counting one; at most 100 values in one `_in`/`_not_in` list; at most 300 values in all (a list counts once per `_or_` term). Searches and sorts run a few at a time per instance; one that waits its turn longer than the database pool wait answers 503 with `Retry-After`. */
                q?: {
                    [key: string]: string;
                };
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tax_rates: components["schemas"]["TaxRateJson"][];
                        /** @description Items on this page */
                        count: number;
                        /** @description All matching items */
                        total_count: number;
                        current_page: number;
                        per_page: number;
                        pages: number;
                    };
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not authorized
             *
             *     The caller is not an admin
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The search `q` is too costly: too many conditions, too long an `_in` list, or too many values in all */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Invalid resource. Please fix errors and try again.",
                     *       "errors": {
                     *         "q": [
                     *           "has too many conditions (maximum is 20, counting each _or_ term)"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    TaxRates_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    tax_rate: components["schemas"]["CreateTaxRateDto"];
                };
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaxRateJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not authorized
             *
             *     The caller is not an admin
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    TaxRates_show: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaxRateJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found
             *
             *     Not found, or the caller is not an admin
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    TaxRates_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    tax_rate: components["schemas"]["UpdateTaxRateDto"];
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaxRateJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found
             *
             *     Not found, or the caller is not an admin
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    TaxRates_destroy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found
             *
             *     Not found, or the caller is not an admin
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "LineItems_describe[0]": {
        parameters: {
            query?: {
                /** @description The order's token (for guests), instead of the header */
                order_token?: string;
            };
            header?: {
                /** @description The order's token (for guests) */
                "X-Spree-Order-Token"?: string;
            };
            path: {
                /** @description The order number */
                number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LineItemAttributesJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not the caller's order */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No such order */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "LineItems_describe[1]": {
        parameters: {
            query?: {
                /** @description The order's token (for guests), instead of the header */
                order_token?: string;
            };
            header?: {
                /** @description The order's token (for guests) */
                "X-Spree-Order-Token"?: string;
            };
            path: {
                /** @description The order number */
                number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LineItemAttributesJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not the caller's order */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No such order */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "LineItems_create[0]": {
        parameters: {
            query?: {
                /** @description The order's token (for guests), instead of the header */
                order_token?: string;
            };
            header?: {
                /** @description The order's token (for guests) */
                "X-Spree-Order-Token"?: string;
                /** @description Up to 255 characters: send a random UUID (version 4) per operation. A retry with the same key and the same request within 24 hours gets the first answer again (header `Idempotent-Replayed: true`) and does nothing twice. Keys are per client: its API key; else, on an order's routes, its order token; else (a guest creating an order) its address, and then the key must be unguessable (a UUID v4, or at least 32 random hex digits or 22 random base64url characters), as it alone lets the answer (the new order's token) be had again. Answers 5xx, 409 and 429 are not kept: a retry runs again. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The order number */
                number: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    line_item: components["schemas"]["CreateLineItemDto"];
                };
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LineItemJson"];
                };
            };
            /**
             * @description The Idempotency-Key header is empty or longer than 255 characters
             *
             *     The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not the caller's order */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No such order */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A request with this Idempotency-Key is still being processed (Retry-After: 1) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Invalid resource
             *
             *     This Idempotency-Key was used with a different request, or, sent without an API key or order token, it is too easy to guess (`errors.idempotency_key`)
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "LineItems_create[1]": {
        parameters: {
            query?: {
                /** @description The order's token (for guests), instead of the header */
                order_token?: string;
            };
            header?: {
                /** @description The order's token (for guests) */
                "X-Spree-Order-Token"?: string;
                /** @description Up to 255 characters: send a random UUID (version 4) per operation. A retry with the same key and the same request within 24 hours gets the first answer again (header `Idempotent-Replayed: true`) and does nothing twice. Keys are per client: its API key; else, on an order's routes, its order token; else (a guest creating an order) its address, and then the key must be unguessable (a UUID v4, or at least 32 random hex digits or 22 random base64url characters), as it alone lets the answer (the new order's token) be had again. Answers 5xx, 409 and 429 are not kept: a retry runs again. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The order number */
                number: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    line_item: components["schemas"]["CreateLineItemDto"];
                };
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LineItemJson"];
                };
            };
            /**
             * @description The Idempotency-Key header is empty or longer than 255 characters
             *
             *     The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not the caller's order */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No such order */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A request with this Idempotency-Key is still being processed (Retry-After: 1) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Invalid resource
             *
             *     This Idempotency-Key was used with a different request, or, sent without an API key or order token, it is too easy to guess (`errors.idempotency_key`)
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "LineItems_update[0]": {
        parameters: {
            query?: {
                /** @description The order's token (for guests), instead of the header */
                order_token?: string;
            };
            header?: {
                /** @description The order's token (for guests) */
                "X-Spree-Order-Token"?: string;
            };
            path: {
                /** @description The order number */
                number: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    line_item: components["schemas"]["UpdateLineItemDto"];
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LineItemJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not the caller's order */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "LineItems_remove[0]": {
        parameters: {
            query?: {
                /** @description The order's token (for guests), instead of the header */
                order_token?: string;
            };
            header?: {
                /** @description The order's token (for guests) */
                "X-Spree-Order-Token"?: string;
            };
            path: {
                /** @description The order number */
                number: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not the caller's order */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "LineItems_update[1]": {
        parameters: {
            query?: {
                /** @description The order's token (for guests), instead of the header */
                order_token?: string;
            };
            header?: {
                /** @description The order's token (for guests) */
                "X-Spree-Order-Token"?: string;
            };
            path: {
                /** @description The order number */
                number: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    line_item: components["schemas"]["UpdateLineItemDto"];
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LineItemJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not the caller's order */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    "LineItems_remove[1]": {
        parameters: {
            query?: {
                /** @description The order's token (for guests), instead of the header */
                order_token?: string;
            };
            header?: {
                /** @description The order's token (for guests) */
                "X-Spree-Order-Token"?: string;
            };
            path: {
                /** @description The order number */
                number: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not the caller's order */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Checkouts_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 characters: send a random UUID (version 4) per operation. A retry with the same key and the same request within 24 hours gets the first answer again (header `Idempotent-Replayed: true`) and does nothing twice. Keys are per client: its API key; else, on an order's routes, its order token; else (a guest creating an order) its address, and then the key must be unguessable (a UUID v4, or at least 32 random hex digits or 22 random base64url characters), as it alone lets the answer (the new order's token) be had again. Answers 5xx, 409 and 429 are not kept: a retry runs again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["OrderBodyDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderJson"];
                };
            };
            /**
             * @description The Idempotency-Key header is empty or longer than 255 characters
             *
             *     The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A request with this Idempotency-Key is still being processed (Retry-After: 1) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Invalid resource
             *
             *     This Idempotency-Key was used with a different request, or, sent without an API key or order token, it is too easy to guess (`errors.idempotency_key`)
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Checkouts_show: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Location: /api/orders/:number */
            301: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Checkouts_update: {
        parameters: {
            query?: {
                /** @description The order's token (for guests), instead of the header */
                order_token?: string;
            };
            header?: {
                /** @description The order's token (for guests) */
                "X-Spree-Order-Token"?: string;
                /** @description Up to 255 characters: send a random UUID (version 4) per operation. A retry with the same key and the same request within 24 hours gets the first answer again (header `Idempotent-Replayed: true`) and does nothing twice. Keys are per client: its API key; else, on an order's routes, its order token; else (a guest creating an order) its address, and then the key must be unguessable (a UUID v4, or at least 32 random hex digits or 22 random base64url characters), as it alone lets the answer (the new order's token) be had again. Answers 5xx, 409 and 429 are not kept: a retry runs again. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The order number */
                number: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CheckoutBodyDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderJson"];
                };
            };
            /**
             * @description The Idempotency-Key header is empty or longer than 255 characters
             *
             *     The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not the caller's order */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No such order */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A request with this Idempotency-Key is still being processed (Retry-After: 1) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description The order could not be transitioned (or a payment was declined: then `error` is the gateway message)
             *
             *     This Idempotency-Key was used with a different request, or, sent without an API key or order token, it is too easy to guess (`errors.idempotency_key`)
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CouldNotTransitionResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Checkouts_next: {
        parameters: {
            query?: {
                /** @description The order's token (for guests), instead of the header */
                order_token?: string;
            };
            header?: {
                /** @description The order's token (for guests) */
                "X-Spree-Order-Token"?: string;
                /** @description Up to 255 characters: send a random UUID (version 4) per operation. A retry with the same key and the same request within 24 hours gets the first answer again (header `Idempotent-Replayed: true`) and does nothing twice. Keys are per client: its API key; else, on an order's routes, its order token; else (a guest creating an order) its address, and then the key must be unguessable (a UUID v4, or at least 32 random hex digits or 22 random base64url characters), as it alone lets the answer (the new order's token) be had again. Answers 5xx, 409 and 429 are not kept: a retry runs again. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The order number */
                number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderJson"];
                };
            };
            /**
             * @description The Idempotency-Key header is empty or longer than 255 characters
             *
             *     The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not the caller's order */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No such order */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A request with this Idempotency-Key is still being processed (Retry-After: 1) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description The order could not be transitioned (or a payment was declined: then `error` is the gateway message)
             *
             *     This Idempotency-Key was used with a different request, or, sent without an API key or order token, it is too easy to guess (`errors.idempotency_key`)
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CouldNotTransitionResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Checkouts_advance: {
        parameters: {
            query?: {
                /** @description The order's token (for guests), instead of the header */
                order_token?: string;
            };
            header?: {
                /** @description The order's token (for guests) */
                "X-Spree-Order-Token"?: string;
                /** @description Up to 255 characters: send a random UUID (version 4) per operation. A retry with the same key and the same request within 24 hours gets the first answer again (header `Idempotent-Replayed: true`) and does nothing twice. Keys are per client: its API key; else, on an order's routes, its order token; else (a guest creating an order) its address, and then the key must be unguessable (a UUID v4, or at least 32 random hex digits or 22 random base64url characters), as it alone lets the answer (the new order's token) be had again. Answers 5xx, 409 and 429 are not kept: a retry runs again. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The order number */
                number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderJson"];
                };
            };
            /**
             * @description The Idempotency-Key header is empty or longer than 255 characters
             *
             *     The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not the caller's order */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No such order */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A request with this Idempotency-Key is still being processed (Retry-After: 1) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description This Idempotency-Key was used with a different request, or, sent without an API key or order token, it is too easy to guess (`errors.idempotency_key`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Promotions_index: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description Ransack-style search: `q[<attribute>_<predicate>]=value` with predicates eq, not_eq, cont, not_cont, start, end, lt, lteq, gt, gteq, in, not_in, null, not_null, present, blank, true, false; `_or_` between attributes; sort with `q[s]=<attribute> asc|desc`. Searchable and sortable attributes: id, name, description, code, starts_at, expires_at, usage_limit, discount_type, amount, percent, created_at, updated_at. Other keys are ignored. Limits (422 naming `q` past them): at most 20 conditions, each `_or_` term counting one; at most 100 values in one `_in`/`_not_in` list; at most 300 values in all (a list counts once per `_or_` term). Searches and sorts run a few at a time per instance; one that waits its turn longer than the database pool wait answers 503 with `Retry-After`. */
                q?: {
                    [key: string]: string;
                };
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        promotions: components["schemas"]["PromotionJson"][];
                        /** @description Items on this page */
                        count: number;
                        /** @description All matching items */
                        total_count: number;
                        current_page: number;
                        per_page: number;
                        pages: number;
                    };
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not authorized
             *
             *     The caller is not an admin
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The search `q` is too costly: too many conditions, too long an `_in` list, or too many values in all */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Invalid resource. Please fix errors and try again.",
                     *       "errors": {
                     *         "q": [
                     *           "has too many conditions (maximum is 20, counting each _or_ term)"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Promotions_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    promotion: components["schemas"]["CreatePromotionDto"];
                };
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PromotionJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not authorized
             *
             *     The caller is not an admin
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Promotions_show: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PromotionJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found
             *
             *     Not found, or the caller is not an admin
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Promotions_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    promotion: components["schemas"]["UpdatePromotionDto"];
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PromotionJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found
             *
             *     Not found, or the caller is not an admin
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Invalid resource */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    Promotions_destroy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description Not found
             *
             *     Not found, or the caller is not an admin
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    CouponCodes_apply: {
        parameters: {
            query?: {
                /** @description The coupon code (or in the body) */
                coupon_code?: string;
                /** @description The order's token (for guests), instead of the header */
                order_token?: string;
            };
            header?: {
                /** @description The order's token (for guests) */
                "X-Spree-Order-Token"?: string;
            };
            path: {
                /** @description The order number */
                number: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ApplyCouponCodeDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CouponCodeResultJson"];
                };
            };
            /** @description The request cannot be read: a body that is not valid JSON, or parameters nested deeper than 20 levels, an object with over 1000 keys, a list with over 1000 items, a form or query string with over 5000 parameters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The request body is nested too deeply (at most 20 levels)."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not the caller's order */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No such order */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The code was refused (handler body), or `coupon_code` could not be read as a string (invalid resource) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CouponCodeResultJson"] | components["schemas"]["InvalidResourceResponse"];
                };
            };
            /** @description Service unavailable: the database cannot be reached right now; try again later */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Service unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
}
