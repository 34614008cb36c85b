// Page sizes the grids offer; 10,000 is the API's largest `limit`.
export const PAGE_SIZES = [50, 100, 500, 1000, 10000] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 100;
