import path from 'node:path';
import { buildSync } from 'esbuild';
import type { Plugin, ResolveModulePreloadDependenciesFn, Rollup } from 'vite';

/**
 * Every screen is a lazy route, so without help the browser learns which chunks the first screen
 * needs only after the framework has downloaded and run: one more round trip before anything shows.
 * This puts src/first-route.ts, with the table of landing screens below, inline at the top of
 * index.html: it preloads the screen's chunks and first image and asks its first API reads at once.
 * It only hints: a wrong guess costs bytes, never behaviour, which is why the session check there is
 * a plain "is there a token".
 */
/** Written next to index.html: URL path -> the preload links for the screen it shows. */
export const LANDING_PRELOADS_FILE = 'landing-preloads.json';

/** The links for one path: `first` right after the HTML's <title>, `last` at the end of its <head>. */
export type LandingLinks = { first: string; last: string };

export type LandingScreen = {
  /** URL paths that show this screen. */
  paths: string[];
  /**
   * Of those, the paths that show this screen to nearly everyone who opens them, whatever their
   * session: the server names the screen's files in the HTML it sends for them (see below).
   */
  serverPaths?: string[];
  /** Whether the screen is for a signed-in visitor (the guards send the others elsewhere). */
  signedIn: boolean;
  /** Route modules it renders, relative to the Vite root, e.g. src/app/routes/auth/login.tsx. */
  modules: string[];
  /**
   * The image the screen paints largest at first (home's first carousel slide), as the start of
   * its file name, e.g. `slide-water`: preloaded at high priority, since the browser would otherwise
   * find it only once the screen has rendered, and at the low priority of an image. Only that one:
   * the other slides wait until they near view.
   */
  firstImage?: string;
  /**
   * API paths (under /api) whose answers the screen shows first, asked for with the stored token by
   * the first-route script, instead of after the app's code has downloaded and run: on a slow line
   * that is seconds sooner. Signed-in screens only. With `serverPaths` the screen must be prerendered
   * (src/prerender.tsx): the server then holds its preload links until the first paint, so the reads
   * go out first; on a page that is not, the links are found (and sent) before any script runs, and
   * the answers would wait behind them.
   */
  requests?: string[];
};

/** What the first-route script knows of a landing screen (src/first-route.ts). */
type FirstRouteScreen = { paths: string[]; signedIn: boolean; files: string[]; images: string[]; requests: string[] };

function staticClosure(bundle: Rollup.OutputBundle, fileName: string, into: Set<string>): Set<string> {
  if (into.has(fileName)) return into;
  const chunk = bundle[fileName];
  if (chunk?.type !== 'chunk') return into;
  into.add(fileName);
  for (const imported of chunk.imports) staticClosure(bundle, imported, into);
  return into;
}

/**
 * The files each dynamic import preloads with it, less those the entry imports: index.html loads
 * (and preloads) them before any screen's import can run, so naming them again only costs bytes in
 * the first load, where the entry carries every screen's list. Returns the plugin that reads the
 * entry's imports off the bundle and the `build.modulePreload.resolveDependencies` that uses them:
 * Vite's own import analysis, which calls it, writes the lists after the app's plugins have run.
 */
export function preloadsBesideTheEntry(): { plugin: Plugin; resolveDependencies: ResolveModulePreloadDependenciesFn } {
  const loadedByEntry = new Set<string>();
  const plugin: Plugin = {
    name: 'ruwa:preloads-beside-the-entry',
    apply: 'build',
    generateBundle(_options, bundle) {
      loadedByEntry.clear();
      const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry);
      if (entry) staticClosure(bundle, entry.fileName, loadedByEntry);
    },
  };
  const resolveDependencies: ResolveModulePreloadDependenciesFn = (file, deps, { hostType }) => {
    // The HTML's own preload links are the entry's imports: those stay.
    if (hostType === 'html') return deps;
    const kept = deps.filter((dep) => !loadedByEntry.has(dep));
    // As Vite does when a chunk imports nothing: the import itself fetches it, with no list.
    return kept.length === 1 && kept[0] === file ? [] : kept;
  };
  return { plugin, resolveDependencies };
}

export function firstRoutePreload(screens: LandingScreen[]): Plugin {
  let root = '';
  return {
    name: 'ruwa:first-route-preload',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) return;
      // index.html already preloads what the entry imports.
      const alreadyLoaded = staticClosure(bundle, entry.fileName, new Set());
      const chunkFor = (module: string) => {
        const id = path.resolve(root, module);
        const chunk = chunks.find((candidate) => candidate.facadeModuleId === id);
        if (!chunk) throw new Error(`first-route-preload: no chunk for ${module}`);
        return chunk.fileName;
      };
      const table = screens.map(({ paths, serverPaths = [], signedIn, modules, firstImage, requests = [] }) => {
        if (requests.length > 0 && !signedIn) {
          throw new Error('first-route-preload: early requests need a session');
        }
        const files = new Set<string>();
        for (const module of modules) staticClosure(bundle, chunkFor(module), files);
        const images = [...files].flatMap((file) => {
          const chunk = bundle[file];
          const assets = chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedAssets ?? [])] : [];
          return assets
            .filter((asset) => firstImage && path.basename(asset).startsWith(`${firstImage}-`))
            .map((asset) => `/${asset}`);
        });
        if (firstImage && images.length !== 1) {
          throw new Error(`first-route-preload: expected one image named ${firstImage}, found ${images.length}`);
        }
        const scripts = [...files].filter((file) => !alreadyLoaded.has(file)).map((file) => `/${file}`);
        return { paths, serverPaths, signedIn, files: scripts, images, requests };
      });

      // The HTML the server sends for a landing path carries that screen's preload links itself, so
      // they start with the page's own files instead of one script later, behind the deferred ones
      // (apps/api serves them; see loadShells in its app.ts). The script covers the other paths, such
      // as `/`, where only the session tells which screen comes.
      // The image goes first, ahead of the stylesheet and scripts: over HTTP/1.1 the browser opens six
      // connections to the server, and the 13th file waits for one.
      const linksFor = ({ files, images }: (typeof table)[number]): LandingLinks => ({
        first: images.map((href) => `<link rel="preload" as="image" fetchpriority="high" href="${href}">`).join(''),
        last: files.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join(''),
      });
      const landing: Record<string, LandingLinks> = {};
      for (const screen of table) for (const served of screen.serverPaths) landing[served] = linksFor(screen);
      this.emitFile({
        type: 'asset',
        fileName: LANDING_PRELOADS_FILE,
        source: `${JSON.stringify(landing, null, 2)}\n`,
      });

      const html = bundle['index.html'];
      if (html?.type !== 'asset') throw new Error('first-route-preload: index.html is not in the bundle');
      const script = `<script>${firstRouteScript(root, table)}</script>\n    `;
      html.source = String(html.source).replace('<title>', `${script}<title>`);
    },
  };
}

/**
 * src/first-route.ts as one inline script, with the landing screens' table. Inline and first in
 * <head>: a script file would cost a round trip, and a script after the stylesheet would wait for it.
 */
function firstRouteScript(root: string, table: FirstRouteScreen[]): string {
  const screens = table.map(({ paths, signedIn, files, images, requests }) => ({
    paths,
    signedIn,
    files,
    images,
    requests,
  }));
  const result = buildSync({
    entryPoints: [path.resolve(root, 'src/first-route.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    target: 'es2022',
    define: { SCREENS: JSON.stringify(screens) },
  });
  const code = result.outputFiles[0]!.text.trim();
  if (code.includes('</script')) throw new Error('first-route-preload: the first-route script cannot be inlined');
  return code;
}
