import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { answeredQueries, PAGE_DATA_ID, pageDataJson, seedPageData } from './page-data';

function pageWith(json: string): Document {
  const doc = document.implementation.createHTMLDocument('page');
  doc.body.innerHTML = `<script type="application/json" id="${PAGE_DATA_ID}">${json}</script>`;
  return doc;
}

// The answers a host-rendered page was made with reach the app's first render, and nothing in
// them (a file's name above all) can break out of the page's data block.
describe('page data', () => {
  it('carries the answered queries into the app, not the failed or unanswered ones', async () => {
    const server = new QueryClient();
    server.setQueryData(['shares', 'AbCdEf12'], { name: 'report.pdf', viewCount: 1 });
    await server.prefetchQuery({ queryKey: ['broken'], queryFn: () => Promise.reject(new Error('down')) });
    const json = pageDataJson(answeredQueries(server));

    const app = new QueryClient();
    seedPageData(app, pageWith(json));
    expect(app.getQueryData(['shares', 'AbCdEf12'])).toEqual({ name: 'report.pdf', viewCount: 1 });
    expect(app.getQueryCache().getAll()).toHaveLength(1);
  });

  it('cannot be closed by a name holding </script>, and keeps the name as it is', () => {
    const name = '</script><img src=x onerror=alert(1)>.pdf';
    const json = pageDataJson([{ key: ['shares', 'AbCdEf12'], data: { name } }]);
    expect(json).not.toContain('</script>');
    expect(json).not.toContain('<');

    const doc = pageWith(json);
    expect(doc.querySelector('img')).toBeNull();
    const app = new QueryClient();
    seedPageData(app, doc);
    expect(app.getQueryData(['shares', 'AbCdEf12'])).toEqual({ name });
  });

  it('leaves the cache empty for a page without data or with damaged data', () => {
    const app = new QueryClient();
    seedPageData(app, document.implementation.createHTMLDocument('plain'));
    seedPageData(app, pageWith('[{"key":'));
    expect(app.getQueryCache().getAll()).toHaveLength(0);
  });
});
