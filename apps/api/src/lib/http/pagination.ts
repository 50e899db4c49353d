import { DEFAULT_PER_PAGE, MAX_PER_PAGE, numeric, type Page } from '@ruwa/contract';
import { z } from 'zod';

/** `?page=` (1-based) and `?per_page=` (default 15, max 100), as every list accepts them. */
export const pageQuery = z.object({
  page: numeric(
    z
      .number({ error: 'The page must be a number.' })
      .min(1, 'The page must be at least 1.')
      .max(1_000_000, { abort: true })
      .int(),
  ).default(1),
  per_page: numeric(
    z
      .number({ error: 'The per page must be a number.' })
      .min(1, 'The per page must be at least 1.')
      .max(MAX_PER_PAGE, { message: `The per page may not be greater than ${MAX_PER_PAGE}.`, abort: true })
      .int(),
  ).default(DEFAULT_PER_PAGE),
});
export type PageQuery = z.infer<typeof pageQuery>;

export function offsetOf({ page, per_page }: PageQuery): number {
  return (page - 1) * per_page;
}

/** Builds the Laravel-shaped page the spec's client reads, with links that keep the other filters. */
export function toPage<T>(rows: T[], total: number, query: PageQuery, url: string): Page<T> {
  const lastPage = Math.max(1, Math.ceil(total / query.per_page));
  const link = (page: number) => {
    const target = new URL(url, 'http://local');
    target.searchParams.set('page', String(page));
    return `${target.pathname}${target.search}`;
  };
  return {
    current_page: query.page,
    last_page: lastPage,
    per_page: query.per_page,
    total,
    prev_page_url: query.page > 1 ? link(Math.min(query.page - 1, lastPage)) : null,
    next_page_url: query.page < lastPage ? link(query.page + 1) : null,
    data: rows,
  };
}
