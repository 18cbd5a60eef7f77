/** The query of a paged list: `page` counts from 1, the API's `offset` is a page index from 0. */
export function pageQuery(page: number, size: number) {
  return { limit: size, offset: page - 1 };
}
