-- Search is answered from memory (packages/core/src/catalog/search-index.ts); these two GIN indexes only
-- slowed every product write.
DROP INDEX "products_search_trgm_idx";--> statement-breakpoint
DROP INDEX "products_search_vector_idx";