import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { serviceWorkerOptions } from './scripts/service-worker-options.mjs';

/**
 * The modules every page needs: what the browser entry and the root route (the app shell) import
 * statically. Left to automatic chunking they would come as some thirty small files, and gzip compresses
 * each on its own; as two chunks (libraries, which change rarely, and the app's own code) the home page's
 * first load is markedly smaller (DESIGN §13, docs/decisions/0005). Lazily loaded parts and the routes'
 * own modules keep their own chunks. In the server build neither module exists, so nothing is grouped.
 */
const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));
// The root route as React Router's build names its browser half (@react-router/dev 7.18); were that to
// change, only the entry's modules would be grouped: a larger first load, nothing broken.
const START_MODULES = [fromRoot('src/web/entry.client.tsx'), `${fromRoot('src/web/root.tsx')}?__react-router-build-client-route`];

const WIDE_INDEX = /\/index\.m?js$/;
const WIDE_INDEX_IMPORTS = 12;

/** Every module that the entry and the root route import statically (computed once per build). */
function startModules(ctx: Rolldown.ChunkingContext): Set<string> {
  const start = new Set<string>();
  const pending = START_MODULES.filter((root) => ctx.getModuleInfo(root));
  while (pending.length) {
    const next = pending.pop()!;
    if (start.has(next)) continue;
    start.add(next);
    const imported = ctx.getModuleInfo(next)?.importedIds ?? [];
    // A library's wide index (@mui/system, @mui/material/utils) lists far more than the shell uses; what
    // the shell needs from it is reached through the modules that use it, or left to automatic chunks.
    if (next.includes('/node_modules/') && WIDE_INDEX.test(next) && imported.length > WIDE_INDEX_IMPORTS) continue;
    pending.push(...imported);
  }
  // The entry modules themselves stay the entry chunks.
  for (const root of START_MODULES) start.delete(root);
  return start;
}

/** The two chunks every page loads at start: the libraries, then the app's own modules. */
const START_LIBS = 'start-libs';
const START_APP = 'start-app';

function startGroups(): Rolldown.CodeSplittingGroup[] {
  let start: Set<string> | null = null;
  const inStart = (id: string, ctx: Rolldown.ChunkingContext) => (start ??= startModules(ctx)).has(id);
  return [
    // Libraries first (they change rarely, so this chunk stays cached across deployments), then the app.
    { debugName: START_LIBS, priority: 2, name: (id, ctx) => (id.includes('/node_modules/') && inStart(id, ctx) ? START_LIBS : null) },
    { debugName: START_APP, priority: 1, name: (id, ctx) => (!id.includes('/node_modules/') && inStart(id, ctx) ? START_APP : null) },
  ];
}

/**
 * Every page runs the start chunks' code while it hydrates, and Chrome otherwise compiles each function on
 * the main thread the first time it is called: 440–500 ms after the first paint on the home page with the
 * CPU slowed 8× (docs/performance.md, "compile hints"). With this magic comment as a file's first line
 * (V8's explicit compile hints, Chrome 136+), Chrome compiles all of the file's functions on the thread that
 * streams it in; other browsers read a comment. Only the start chunks carry it: compiling every function of
 * a lazily loaded chunk would be work for code a page may never call. Counted in the chunk's hash.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
const HINTED_CHUNKS = new Set([START_LIBS, START_APP]);

function startChunkCompileHints(): Plugin {
  return {
    name: 'kuda:start-chunk-compile-hints',
    apply: 'build',
    enforce: 'post',
    applyToEnvironment: (environment) => environment.name === 'client',
    augmentChunkHash: (chunk) => (HINTED_CHUNKS.has(chunk.name) ? COMPILE_HINT : undefined),
    // Written into the files: Vite puts its preload list at the top of a chunk after every plugin's
    // generateBundle, and the hint must come first. A build with source maps (`build.sourcemap`, to read
    // a browser profile) gets its map moved down by the same line, or every position maps a line early.
    writeBundle(options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !HINTED_CHUNKS.has(chunk.name)) continue;
        const file = join(options.dir!, chunk.fileName);
        writeFileSync(file, `${COMPILE_HINT}\n${readFileSync(file, 'utf8')}`);
        if (!existsSync(`${file}.map`)) continue;
        const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { mappings: string };
        writeFileSync(`${file}.map`, JSON.stringify({ ...map, mappings: `;${map.mappings}` }));
      }
    },
  };
}

/**
 * MUI's createTheme and ThemeProvider each import the CSS-variables flavour of the theme (some 40 KB of
 * code, 7 KB gzip) and pick it at run time only for themes with `cssVariables` or `colorSchemes`. Kuda's
 * theme has neither, so the browser build gets a stand-in that says so if that ever changes. The server
 * build keeps the real modules (it imports MUI from node_modules), so the two cannot disagree silently:
 * such a theme would fail loudly in the browser.
 */
const CSS_VARIABLES_FLAVOUR: Record<string, { importer: string; code: string }> = {
  './createThemeWithVars.mjs': {
    importer: '/@mui/material/styles/createTheme.mjs',
    code: 'export default function createThemeWithVars() { throw new Error(MESSAGE); }',
  },
  './ThemeProviderWithVars.mjs': {
    importer: '/@mui/material/styles/ThemeProvider.mjs',
    code: 'export function CssVarsProvider() { throw new Error(MESSAGE); }',
  },
};
const STAND_IN = '\0kuda-mui-css-variables:';

function muiWithoutCssVariables(): Plugin {
  return {
    name: 'kuda:mui-without-css-variables',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(source, importer) {
      const flavour = CSS_VARIABLES_FLAVOUR[source];
      if (flavour && importer?.endsWith(flavour.importer)) return `${STAND_IN}${source}`;
      return null;
    },
    load(id) {
      if (!id.startsWith(STAND_IN)) return null;
      const message = 'Kuda leaves MUI CSS-variables themes out of the browser build (vite.config.ts, muiWithoutCssVariables); remove that plugin to use cssVariables or colorSchemes.';
      return `const MESSAGE = ${JSON.stringify(message)};\n${CSS_VARIABLES_FLAVOUR[id.slice(STAND_IN.length)]!.code}`;
    },
  };
}

/**
 * The server build bundles MUI, Emotion and react-i18next into build/server/index.js instead of importing
 * them from node_modules at start: there they are some 750 small files, and resolving, reading and
 * compiling them one by one was most of the production server's cold start (about 1 s of it; bundled,
 * under half that, and some 15 MB less heap: docs/performance.md, "Start-up and memory"). Emotion's
 * cache, React and styled components must be one copy each: react and react-dom stay external, and the
 * Emotion packages that share the cache context are bundled together. libphonenumber-js keeps no state
 * and is 112 modules (464 KB with its metadata; about 90 ms of a start): bundled here and in the API's bundle
 * (scripts/build-server.mjs), each keeps only what it calls. In development Vite keeps loading
 * them from node_modules, which is quicker to start.
 */
function bundleUiLibrariesInServerBuild(): Plugin {
  return {
    name: 'kuda:bundle-ui-libraries-in-server-build',
    config: (_config, { command }) => (command === 'build' ? { ssr: { noExternal: [/^@mui\//, /^@emotion\/(react|styled|cache)(\/|$)/, 'react-i18next', 'libphonenumber-js'] } } : {}),
  };
}

/**
 * MUI's Button and IconButton import CircularProgress for their `loading` state, which they draw only while
 * a button is loading (no button of Kuda's ever is, so far); that spinner was 1 KB gzip of every page's
 * first load. The browser build gives them a stand-in that fetches the real CircularProgress the first time a button
 * shows it, and draws it then; the server build is untouched. Other imports of CircularProgress are not
 * affected.
 */
const BUTTON_SPINNER = '\0kuda-button-spinner';
const SPINNER_IMPORTERS = /\/@mui\/material\/(?:Button\/Button|IconButton\/IconButton)\.mjs$/;

function muiButtonSpinnerOnDemand(): Plugin {
  return {
    name: 'kuda:mui-button-spinner-on-demand',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(source, importer) {
      if (source === '../CircularProgress/index.mjs' && SPINNER_IMPORTERS.test(importer ?? '')) return BUTTON_SPINNER;
      return null;
    },
    load(id) {
      if (id !== BUTTON_SPINNER) return null;
      return [
        "import { createElement, lazy, Suspense } from 'react';",
        "const CircularProgress = lazy(() => import('@mui/material/CircularProgress'));",
        'export default function ButtonSpinner(props) {',
        '  return createElement(Suspense, { fallback: null }, createElement(CircularProgress, props));',
        '}',
      ].join('\n');
    },
  };
}

/**
 * @emotion/react imports hoist-non-react-statics bare (`import 'hoist-non-react-statics'`), for its
 * `withTheme`, which neither Kuda nor MUI uses. The package does not declare itself free of side effects,
 * so the bare import kept it and its own copy of react-is (React 16's) in every page's first load, 1 KB
 * gzip. It has none (it only defines a function), and saying so lets the bundler drop the unused import.
 */
function hoistNonReactStaticsWithoutSideEffects(): Plugin {
  return {
    name: 'kuda:hoist-non-react-statics-without-side-effects',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    async resolveId(source, importer, options) {
      if (source !== 'hoist-non-react-statics') return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && { ...resolved, moduleSideEffects: false };
    },
  };
}

export default defineConfig({
  plugins: [reactRouter(), muiWithoutCssVariables(), bundleUiLibrariesInServerBuild(), muiButtonSpinnerOnDemand(), hoistNonReactStaticsWithoutSideEffects(), startChunkCompileHints(), VitePWA(serviceWorkerOptions())],
  build: {
    target: 'es2022',
    assetsInlineLimit: 0,
    rolldownOptions: { output: { codeSplitting: { groups: startGroups() } } },
  },
  // Packages the server build imports from node_modules, except those bundleUiLibrariesInServerBuild adds.
  ssr: { noExternal: [] },
});
