/** Odd types, outcomes, filter tabs and the live league order (filled in below). */
export function CatalogueMarketsScreen() {
  return null;
}
