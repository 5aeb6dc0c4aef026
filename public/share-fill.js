// A download page on a static host: its shell (share-shell.html, the page's loading screen,
// rendered at build time by vite/prerender-pages.ts) is what the host serves for /s/{id}. This
// small script, on that shell only, asks the API for the share as soon as the page starts loading
// and writes its name and size into the page, so a recipient reads what the link is before the
// app's scripts have loaded. The app then draws the page anew (the shell is marked incomplete);
// the answer goes into the page's data block, so the app shows it without asking (and counting a
// view) again, as on a page the Node host renders. The data block's id and the share's query key
// are src/lib/page-data.ts's PAGE_DATA_ID and src/features/share/keys.ts's; the build test
// (scripts/static-build.test.ts) checks the spelling.
(function () {
  var script = document.currentScript;
  // @domain/share-id's isShareId: SHARE_ID_LENGTH (8) characters of SHARE_ID_ALPHABET ([A-Za-z0-9]).
  var match = /^\/(?:s|share)\/([A-Za-z0-9]{8})\/?$/.exec(window.location.pathname);
  if (!script || !match || !window.fetch) return;
  var shareId = match[1];
  var key = script.getAttribute('data-api-key') || '';
  var answer = fetch(script.getAttribute('data-api') + '/shares/' + shareId, {
    headers: { apikey: key, authorization: 'Bearer ' + key },
  })
    .then(function (response) {
      return response.ok ? response.json() : null;
    })
    .catch(function () {
      return null;
    });

  /** As @domain/format-bytes in English, the shell's language. */
  function size(bytes) {
    if (!(bytes > 0)) return '0 bytes';
    if (bytes < 1024) return bytes + (bytes === 1 ? ' byte' : ' bytes');
    var units = ['KB', 'MB', 'GB', 'TB'];
    var i = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), units.length);
    return String(parseFloat((bytes / Math.pow(1024, i)).toFixed(2))) + ' ' + units[i - 1];
  }

  function fill(share) {
    var status = document.querySelector('#root [role="status"]');
    var heading = status && status.querySelector('h1');
    var data = document.getElementById('page-data');
    // Only the shell's markup: once the app has drawn the page (and made #root live), it is React's.
    if (!share || !heading || !heading.parentNode || !document.getElementById('root').hasAttribute('inert')) return;
    var files = share.kind === 'transfer' ? share.files || [] : [share];
    if (files.length === 0) return;
    var bytes = 0;
    for (var i = 0; i < files.length; i++) bytes += Number(files[i].size) || 0;
    heading.textContent = files.length === 1 ? files[0].name : files.length + ' files';
    var line = document.createElement('p');
    line.className = 'mantine-Text-root';
    line.style.color = 'var(--mantine-color-dimmed)';
    line.style.margin = '0';
    line.textContent = size(bytes);
    heading.parentNode.insertBefore(line, heading.nextSibling);
    if (data) data.textContent = JSON.stringify([{ key: ['shares', shareId], data: share }]);
  }

  answer.then(function (share) {
    if (document.readyState !== 'loading') return fill(share);
    document.addEventListener('DOMContentLoaded', function () {
      fill(share);
    });
  });
})();
