/** A page of a list as the routes answer it (the contract's `pageOf` schema). */
export interface PageOf<T> {
  items: T[];
  page: number;
  size: number;
  total: number;
}
