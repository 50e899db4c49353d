/** The response envelope every API answer uses (DESIGN section 3). */
export type Envelope<T> = { message: string; data: T };

/** 422 body: per-field arrays of messages. */
export type ValidationErrorBody = { message: string; errors: Record<string, string[]> };

/** Laravel-shaped page, as the spec's client reads it at data.data. */
export type Page<T> = {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  prev_page_url: string | null;
  next_page_url: string | null;
  data: T[];
};

export const DEFAULT_PER_PAGE = 15;
export const MAX_PER_PAGE = 100;
