/** The page's address holds the import being looked at, so a reload comes back to it. */
export type CatalogImportSearch = { import?: number };

export function validateCatalogImportSearch(search: Record<string, unknown>): CatalogImportSearch {
  const raw = search.import;
  const id = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.trim()) : Number.NaN;
  return { import: Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined };
}
