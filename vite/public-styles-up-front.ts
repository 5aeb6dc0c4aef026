import type { OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/** Modules of the admin panel: its styles load with it, never with a public page. */
const ADMIN_MODULE = /[\\/]src[\\/](features[\\/]admin|routes[\\/]admin)[^\\/]*[\\/.]/;

/**
 * The stylesheets of the public screens' lazy chunks linked in index.html, beside the entry's:
 * the host renders a page's markup (supabase/host/page-render.ts) and it must paint styled before
 * any script has loaded, or it shifts when its route's chunk brings the styles. They are small;
 * the admin panel's are left to load with it.
 */
export function publicStylesUpFront(): Plugin {
  return {
    name: 'ulak-public-styles-up-front',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle ?? {};
        const chunks = new Map<string, OutputChunk>();
        for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output);
        // Every chunk the entry reaches, but not through an admin route's chunk.
        const reached = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = chunks.get(fileName);
          if (!chunk || reached.has(fileName) || ADMIN_MODULE.test(chunk.facadeModuleId ?? '')) return;
          reached.add(fileName);
          for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next);
        };
        for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
        const links: string[] = [];
        for (const fileName of reached) {
          for (const css of chunks.get(fileName)?.viteMetadata?.importedCss ?? []) {
            const href = `/${css}`;
            if (!html.includes(`href="${href}"`) && !links.includes(href)) links.push(href);
          }
        }
        const tags = links.map((href) => `    <link rel="stylesheet" crossorigin href="${href}">\n`).join('');
        return html.replace('</head>', () => `${tags}  </head>`);
      },
    },
  };
}
