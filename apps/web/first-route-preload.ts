import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

/**
 * Every screen is a lazy route, so without help the browser learns which chunks the first screen
 * needs only after the framework has downloaded and run: one more round trip before anything shows.
 * This emits a tiny module, run first from index.html, that adds `modulepreload` links for the
 * landing screens' chunks, so they download alongside the framework. It only hints: a wrong guess
 * costs bytes, never behaviour, which is why the session check here is a plain "is there a token".
 * (An inline script would be simpler, but the Content-Security-Policy allows only 'self' scripts.)
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
};

function staticClosure(bundle: Rollup.OutputBundle, fileName: string, into: Set<string>): Set<string> {
  if (into.has(fileName)) return into;
  const chunk = bundle[fileName];
  if (chunk?.type !== 'chunk') return into;
  into.add(fileName);
  for (const imported of chunk.imports) staticClosure(bundle, imported, into);
  return into;
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
      const table = screens.map(({ paths, serverPaths = [], signedIn, modules, firstImage }) => {
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
        return { paths, serverPaths, signedIn, files: scripts, images };
      });

      // The HTML the server sends for a landing path carries that screen's preload links itself, so
      // they start with the page's own files instead of one script later, behind the deferred ones
      // (apps/api serves them; see loadShells in its app.ts). The script below still covers `/`, where
      // only the session tells which screen comes.
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

      const source = `const screens=${JSON.stringify(table.map(({ serverPaths: _, ...screen }) => screen))};
let signedIn=false;
try{signedIn=Boolean(localStorage.getItem('token'))}catch{}
const screen=screens.find((s)=>s.signedIn===signedIn&&s.paths.includes(location.pathname));
const hint=(rel,href,as)=>{const link=document.createElement('link');link.rel=rel;link.href=href;if(as){link.as=as;link.fetchPriority='high'}else link.crossOrigin='';document.head.append(link)};
for(const href of screen?screen.files:[])hint('modulepreload',href);
for(const href of screen?screen.images:[])hint('preload',href,'image');
`;
      const hash = createHash('sha256').update(source).digest('hex').slice(0, 10);
      // Outside assets/ so the service worker precaches it with the shell (see pwa.config.ts).
      const fileName = `first-route-${hash}.js`;
      this.emitFile({ type: 'asset', fileName, source });

      const html = bundle['index.html'];
      if (html?.type !== 'asset') throw new Error('first-route-preload: index.html is not in the bundle');
      const tag = `<script type="module" crossorigin src="/${fileName}"></script>\n    `;
      html.source = String(html.source).replace('<script type="module"', `${tag}<script type="module"`);
    },
  };
}
