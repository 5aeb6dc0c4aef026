// A download page on a static host: its shell (share-shell.html, the page's loading screen,
// rendered at build time by vite/prerender-pages.ts) is what the host serves for /s/{id}. This
// small script, on that shell only, asks the API for the share as soon as the page starts loading
// and writes its name and size into the page, with the page's Download button (the shell's
// <template id="shell-download">), so a recipient reads what the link is, and can download it,
// without the app: the shell starts the app only on the visitor's first intent (public/boot.js),
// and boot.js downloads on a tap on that button itself (its data-ticket, data-api-key and, for a
// transfer of several files, data-zip, as the app's own page has them). Once started, the app
// draws the page anew (the shell is marked incomplete); the answer goes into the page's data
// block, so the app shows it without asking (and counting a view) again, as on a page the Node
// host renders. The data block's id and the share's query key are src/lib/page-data.ts's
// PAGE_DATA_ID and src/features/share/keys.ts's; the build test (scripts/static-build.test.ts)
// checks the spelling.
(function () {
  var script = document.currentScript;
  // @domain/share-id's isShareId: SHARE_ID_LENGTH (8) characters of SHARE_ID_ALPHABET ([A-Za-z0-9]).
  var match = /^\/(?:s|share)\/([A-Za-z0-9]{8})\/?$/.exec(window.location.pathname);
  if (!script || !match || !window.fetch) return;
  var shareId = match[1];
  var key = script.getAttribute('data-api-key') || '';
  var api = script.getAttribute('data-api');
  var answer = fetch(api + '/shares/' + shareId, {
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

  /** Fills the shell with `share`; false when it cannot (the app must say what happened then). */
  function fill(share) {
    var status = document.querySelector('#root [role="status"]');
    var heading = status && status.querySelector('h1');
    var data = document.getElementById('page-data');
    // Only the shell's markup: once the app has drawn the page (and is live, which takes the
    // start-on-intent mark off <html>), it is React's.
    if (!document.documentElement.hasAttribute('data-start')) return true;
    if (!share || !heading || !heading.parentNode) return false;
    var files = share.kind === 'transfer' ? share.files || [] : [share];
    if (files.length === 0) return false;
    var bytes = 0;
    for (var i = 0; i < files.length; i++) bytes += Number(files[i].size) || 0;
    heading.textContent = files.length === 1 ? files[0].name : files.length + ' files';
    var line = document.createElement('p');
    line.className = 'mantine-Text-root';
    line.style.color = 'var(--mantine-color-dimmed)';
    line.style.margin = '0';
    line.textContent = size(bytes);
    heading.parentNode.insertBefore(line, heading.nextSibling);
    // The loading screen's spinner: nothing is loading any more.
    var spinner = heading.previousElementSibling;
    if (spinner && spinner.getAttribute('aria-hidden') === 'true') spinner.remove();
    status.setAttribute('aria-busy', 'false');
    var template = document.getElementById('shell-download');
    var button = template && template.content.firstElementChild;
    if (button) {
      button = button.cloneNode(true);
      // As src/features/share/utils/early-download.ts: an encrypted share's key check goes with
      // its ticket (boot.js then saves its plaintext or nothing); a password share's tap waits
      // for the app, which asks for the password.
      var encryption = share.encryption;
      var early = !encryption || (!encryption.password && encryption.keyCheck);
      if (early) {
        button.setAttribute('data-ticket', api + '/shares/' + shareId + '/download');
        button.setAttribute('data-api-key', key);
      }
      if (early && encryption) button.setAttribute('data-key-check', encryption.keyCheck);
      // The file's own URL while it lasts: opened by the tap itself for a plain file, fetched by the
      // service worker for an encrypted one (boot.js).
      var direct = share.kind === 'file' && share.directDownload;
      if (early && direct) {
        button.setAttribute('data-url', direct.url);
        button.setAttribute('data-url-ttl', String(direct.expiresInSeconds));
      }
      if (files.length > 1) {
        // As the app's Download all names its zip (src/features/share/api/download-all.ts's zipName).
        if (button.hasAttribute('data-ticket')) button.setAttribute('data-zip', shareId + '.zip');
        var label = button.querySelector('.mantine-Button-label');
        if (label) label.textContent = 'Download all';
      }
      heading.parentNode.insertBefore(button, line.nextSibling);
    }
    if (data) data.textContent = JSON.stringify([{ key: ['shares', shareId], data: share }]);
    return true;
  }

  answer.then(function (share) {
    function done() {
      // A share it cannot show (gone, removed, no answer) is the app's to explain: started now.
      if (!fill(share)) document.dispatchEvent(new Event('start-app'));
    }
    if (document.readyState !== 'loading') return done();
    document.addEventListener('DOMContentLoaded', done);
  });
})();
