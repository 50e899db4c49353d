/**
 * A value made on its first use, then kept. For module-level `Intl` formatters: the first one a page
 * makes loads the locale data, 50 to 100 ms of a desktop CPU in Chromium (and four times that on a
 * cheap phone), which a screen that shows no money or date should not pay while it starts.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
