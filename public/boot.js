// The page's first script: a blocking classic script in <head>, small enough to cost nothing.
// The attribute and event names it shares with the app are src/config/boot-contract.ts's: a plain
// script cannot import them, so boot-contract.test.ts checks that this file spells them the same.
//
// 1. The colour scheme before the first paint (Mantine's ColorSchemeScript, which is inline and so
//    refused by our Content-Security-Policy): the markup the host renders paints in the visitor's
//    scheme, not in light and then dark.
// 2. The app's scripts start after the first contentful paint. The build moves the entry and its preloads
//    from index.html into data-entry and data-preload (vite/start-after-first-paint.ts). The page's markup (host-
//    rendered) paints with the stylesheets alone, and on a slow network the scripts no longer
//    share its bandwidth. Without data-entry (Vite's dev server) index.html loads the app itself.
// 3. A page that reads whole as the host rendered it (a download page and Home: <html
//    data-start="intent">, src/entry-server.tsx; a static host's Home and download page shell,
//    vite/prerender-pages.ts) starts the app on the visitor's first intent instead: a touch, a
//    pressed pointer, a key, focus, a pick or a drop. A visitor who only reads the page loads none
//    of the app. A tap on a download button (data-ticket) downloads without the app, and does not
//    start it: a plain file at once, Download all (data-zip) and an encrypted share's files
//    (data-key-check) through the service worker, which such a page registers once loaded. Add files opens the browser's picker natively (a file input's
//    label), and what is picked or dropped meanwhile is kept for the app. A visitor who chose
//    another language than the page's gets the app after the paint, which draws it in theirs.
// 4. Times the host wrote in UTC (it cannot know the reader's zone: <time data-local-time>) are
//    written in the reader's zone once the page is parsed, as the app writes them: a download page
//    may never start the app, and its reader must not have to work out the hour.
(function () {
  try {
    var stored = window.localStorage.getItem('mantine-color-scheme-value');
    var scheme = stored === 'light' || stored === 'dark' ? stored : 'auto';
    if (scheme === 'auto') scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  } catch {
    // No storage (blocked by the browser's settings): the app's own provider sets the scheme.
  }

  document.addEventListener('DOMContentLoaded', localizeTimes);

  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  var preloads = (script.getAttribute('data-preload') || '').split(' ');
  var started = false;
  /** Called when the app's scripts cannot load (offline, say); startOnIntent stops its bar then. */
  var onStartFailed = function () {};
  function start() {
    if (started) return;
    started = true;
    for (var i = 0; i < preloads.length; i++) {
      if (!preloads[i]) continue;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = preloads[i];
      document.head.appendChild(link);
    }
    var app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = entry;
    app.onerror = function () {
      onStartFailed();
    };
    document.head.appendChild(app);
  }
  var html = document.documentElement;
  if (html.getAttribute('data-start') === 'intent' && !otherLanguage()) return startOnIntent();

  // Once the page has painted its content (the browser's first-contentful-paint entry, timed when
  // the frame was shown: an animation frame alone comes before the paint is on screen, well before
  // on a busy phone). A hidden tab paints nothing: at once. A browser without paint timing: at
  // once. A paint that is slow to come: after five seconds at the latest (two were too few for a
  // headless Chromium on a loaded 2-core machine, whose first frame took up to 2.5 s).
  var paints = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (document.visibilityState === 'hidden' || !paints || paints.indexOf('paint') < 0) return start();
  new PerformanceObserver(function (list, observer) {
    var entries = list.getEntries();
    for (var i = 0; i < entries.length; i++) {
      if (entries[i].name !== 'first-contentful-paint') continue;
      observer.disconnect();
      return start();
    }
  }).observe({ type: 'paint', buffered: true });
  setTimeout(start, 5000);

  /**
   * Whether the visitor chose another language than the page was rendered in (src/lib/i18n.ts keeps
   * the choice under `language`): the app then starts after the paint, to draw it in theirs.
   */
  function otherLanguage() {
    try {
      var chosen = window.localStorage.getItem('language');
      return !!chosen && chosen !== (html.lang || '').slice(0, 2).toLowerCase();
    } catch {
      return false;
    }
  }

  /**
   * Starts the app on the first sign that the visitor means to act. A click before the app is live
   * (src/main.tsx dispatches 'app-live' once it has taken the page over) is held, shown as held
   * (data-held, styled in index.html) and made again on the same element once it is live; a link
   * is left to go where it leads (the host renders the page it opens).
   */
  function startOnIntent() {
    /**
     * How long a tap the service worker downloads waits for it (default 20 s: on a first visit a
     * zip or a large file waits for the worker's install, a few seconds on a slow link) before the
     * app does it.
     */
    var WORKER_WAIT_MS = 20000;
    // start-app: a page's own script that cannot finish the page without the app (share-fill.js).
    var intents = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'start-app'];
    var held = null;
    /** Where the held element sits under #root: child indexes, outermost first. */
    var heldPath = null;
    /** The held tap's own copy to the clipboard, settled before the tap is replayed. */
    var copying = null;
    var failed = false;
    function onIntent(event) {
      // A download needs none of the app: on a phone's slow link the app's scripts would only hold
      // up the download's first bytes. The app starts on the visitor's next intent, if any.
      var target = event && event.target;
      if (target instanceof Element && target.closest('[data-ticket]')) return;
      for (var i = 0; i < intents.length; i++) document.removeEventListener(intents[i], onIntent, true);
      start();
    }
    function hold(event) {
      var target = event.target;
      if (!(target instanceof Element) || target.closest('a[href]')) return;
      var ticketed = target.closest('[data-ticket]');
      // A download needs none of the app: it still works when the app's scripts could not load.
      if (failed && !ticketed) return;
      // Add files and Add folder are a file input and its label: the browser opens its picker on the
      // tap itself (a replayed click is no gesture, and no engine opens a picker for it then).
      if (pickerOf(target)) return onIntent();
      event.preventDefault();
      event.stopImmediatePropagation();
      if (ticketed && !ticketed.matches('[data-zip], [data-key-check]')) return downloadNow(ticketed);
      if (ticketed) return workerDownload(ticketed);
      held = target;
      heldPath = pathOf(target);
      html.setAttribute('data-held', '');
      // The clipboard takes text only inside the tap itself (WebKit refuses the replay with
      // NotAllowedError): a copy button's text is copied now, and the app, whose replayed copy may
      // be refused, reads data-held-copy to say it was copied.
      var copyButton = target.closest('[data-copy-text]');
      if (copyButton && navigator.clipboard) {
        var copyText = copyButton.getAttribute('data-copy-text');
        copying = navigator.clipboard.writeText(copyText).then(
          function () {
            html.setAttribute('data-held-copy', copyText);
          },
          function () {},
        );
      }
      // A click that no pointer or key came before (a screen reader's, a script's).
      onIntent();
    }
    /** What boot.js could not do is left to the app, which says what went wrong: the tap is held for it. */
    function leaveToApp(button) {
      button.setAttribute('aria-busy', 'false');
      if (live) return button.click();
      held = button;
      html.setAttribute('data-held', '');
      onIntent();
    }
    /**
     * A plain file's download does not wait for the app: its download URL (the API's ticket) is
     * asked for here and opened at once (the browser saves it; Content-Disposition names it). The
     * page's own URL for the file (data-url), while it lasts, is opened inside the tap itself, and
     * the ticket asked for beside it only counts the download.
     */
    function downloadNow(button) {
      if (button.getAttribute('aria-busy') === 'true') return;
      var direct = directUrl(button);
      if (direct) {
        askTicket(button, true).catch(function () {});
        return openUrl(direct, '');
      }
      button.setAttribute('aria-busy', 'true');
      askTicket(button, false)
        .then(function (ticket) {
          button.setAttribute('aria-busy', 'false');
          openUrl(ticket.url, ticket.fileName);
        })
        .catch(function () {
          leaveToApp(button);
        });
    }
    /** The button's file URL (data-url) while it lasts, else ''. */
    function directUrl(button) {
      // A minute's margin: the URL must still work when the browser's request reaches the bucket.
      var lasts = (Number(button.getAttribute('data-url-ttl')) - 60) * 1000;
      return performance.now() < lasts ? button.getAttribute('data-url') || '' : '';
    }
    /** The share's download POST (data-ticket): its ticket, which counts and logs the download. */
    function askTicket(button, keepalive) {
      var key = button.getAttribute('data-api-key') || '';
      return fetch(button.getAttribute('data-ticket'), {
        method: 'POST',
        // Finished even if the page is left meanwhile: the download it counts has started.
        keepalive: keepalive,
        headers: { apikey: key, authorization: 'Bearer ' + key, 'content-type': 'application/json' },
        body: JSON.stringify({ referrer: document.referrer }),
      }).then(function (answer) {
        return answer.ok ? answer.json() : Promise.reject(new Error('HTTP ' + answer.status));
      });
    }
    /** Has the browser save `url`: Content-Disposition (the bucket's answer) names the file. */
    function openUrl(url, fileName) {
      var link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      link.rel = 'noopener';
      document.body.appendChild(link);
      link.click();
      link.remove();
    }
    /**
     * Download all, and any download of an end-to-end encrypted share (data-key-check), do not wait
     * for the app either: the service worker asks for the ticket and saves the zip (the app's zip
     * library) or the plaintext from a download URL opened here in a hidden frame (sw/early-download.ts).
     * It checks an encrypted share's key (location.hash, handed to our own worker, never sent anywhere)
     * first: a link without a key or with a wrong one is the app's to explain, and nothing is saved.
     * The worker is registered once the page has loaded (registerWorkerEarly), or at the latest now;
     * a refusal, or no worker in WORKER_WAIT_MS, is the app's.
     */
    function workerDownload(button) {
      var workers = navigator.serviceWorker;
      var keyCheck = button.getAttribute('data-key-check');
      if (!workers || (keyCheck !== null && !location.hash)) return leaveToApp(button);
      if (button.getAttribute('aria-busy') === 'true') return;
      button.setAttribute('aria-busy', 'true');
      var zip = button.getAttribute('data-zip');
      var message = {
        type: 'EARLY_DOWNLOAD',
        id: 'dl-' + Date.now().toString(36) + Math.random().toString(36).slice(2),
        fileName: zip || '',
        zip: zip !== null,
        fragment: keyCheck === null ? '' : location.hash,
        keyCheck: keyCheck || '',
        ticket: button.getAttribute('data-ticket'),
        apiKey: button.getAttribute('data-api-key') || '',
        referrer: document.referrer,
        url: zip === null ? directUrl(button) : '',
      };
      var gaveUp = false;
      var timer = setTimeout(function () {
        gaveUp = true;
        leaveToApp(button);
      }, WORKER_WAIT_MS);
      registerWorker()
        .then(function (registration) {
          // A first visit's worker may still be installing: it answers too (sw/early-download.ts).
          var worker = registration.active || registration.waiting || registration.installing;
          if (!worker) throw new Error('No service worker');
          var channel = new MessageChannel();
          return new Promise(function (resolve, reject) {
            channel.port1.onmessage = function (event) {
              channel.port1.close();
              var answer = event.data;
              return answer && (answer.type === 'ready' || answer.type === 'whole')
                ? resolve(answer)
                : reject(new Error('Refused'));
            };
            worker.postMessage(message, [channel.port2]);
          });
        })
        .then(function (answer) {
          if (gaveUp) return;
          clearTimeout(timer);
          button.setAttribute('aria-busy', 'false');
          if (answer.type === 'whole') return saveWhole(answer.bytes, answer.fileName);
          var frame = document.createElement('iframe');
          frame.hidden = true;
          frame.src = '/download-stream/' + message.id;
          document.body.appendChild(frame);
        })
        .catch(function () {
          if (gaveUp) return;
          clearTimeout(timer);
          leaveToApp(button);
        });
    }
    /** A file the worker handed over whole (a first visit's, before it is active), saved as `fileName`. */
    function saveWhole(bytes, fileName) {
      var url = URL.createObjectURL(bytes);
      openUrl(url, fileName);
      // Later: the browser reads the file after the click.
      setTimeout(function () {
        URL.revokeObjectURL(url);
      }, 60000);
    }
    var registering = null;
    /**
     * The worker's registration, asked for once: a second register() would wait in the browser's
     * queue until the first one's install has ended. The app registers the same script at the same
     * scope (src/lib/pwa.ts): one registration.
     */
    function registerWorker() {
      registering = registering || navigator.serviceWorker.register('/sw.js', { scope: '/' });
      return registering;
    }
    /**
     * A page whose download the worker makes registers it once loaded: the worker's install (the
     * app's files) has begun before a tap, and is often done.
     */
    function registerWorkerEarly() {
      if (!navigator.serviceWorker || !document.querySelector('[data-ticket][data-zip], [data-ticket][data-key-check]'))
        return;
      registerWorker().catch(function () {});
    }
    /** The file input a tap on `target` opens the picker of, if any. */
    function pickerOf(target) {
      var label = target.closest('label');
      var input = label ? label.control : target;
      return input instanceof HTMLInputElement && input.type === 'file' ? input : null;
    }
    function pathOf(element) {
      var path = [];
      var root = document.getElementById('root');
      for (var node = element; node && node !== root; node = node.parentElement) {
        path.unshift(Array.prototype.indexOf.call(node.parentElement ? node.parentElement.children : [], node));
      }
      return node === root ? path : null;
    }
    function sameElement(element, path) {
      var node = path && document.getElementById('root');
      for (var i = 0; node && i < path.length; i++) node = node.children[path[i]];
      return node && node.tagName === element.tagName && node.textContent === element.textContent ? node : null;
    }
    /**
     * Files picked or dropped before the app is live are kept for it (HeldFiles in window.ulakHeldFiles,
     * announced by a held-files event): the app lists them as picked once it has started. A pick is
     * an intent too. An input the app has taken over is the app's; one it drew anew while the
     * picker was open is detached, and its files come here as well.
     */
    function keepFiles() {
      var kept = (window.ulakHeldFiles = []);
      function keep(files, entries) {
        if (files.length === 0 && entries.length === 0) return;
        kept.push({ files: files, entries: entries });
        document.dispatchEvent(new Event('held-files'));
        onIntent();
      }
      function onPicked(event) {
        var input = event.currentTarget;
        if (live && input.isConnected) return;
        keep(Array.prototype.slice.call(input.files || []), []);
        // Kept here: the same file picked again is a change again.
        if (!live) input.value = '';
      }
      /** A drag of files over the page, or their drop: taken here, not opened by the browser in its place. */
      function onDrag(event) {
        var data = event.dataTransfer;
        if (!data || Array.prototype.indexOf.call(data.types, 'Files') < 0) return;
        event.preventDefault();
        if (event.type !== 'drop') return void (data.dropEffect = 'copy');
        // Taken now: a drop's items are emptied when its event ends.
        var entries = [];
        for (var i = 0; i < data.items.length; i++) {
          var item = data.items[i];
          var entry = item.kind === 'file' && item.webkitGetAsEntry ? item.webkitGetAsEntry() : null;
          if (entry) entries.push(entry);
        }
        var files = Array.prototype.slice.call(data.files);
        if (entries.length === files.length) keep([], entries);
        else keep(files, []);
      }
      document.addEventListener('DOMContentLoaded', function () {
        var inputs = document.querySelectorAll('#root input[type="file"]');
        for (var i = 0; i < inputs.length; i++) inputs[i].addEventListener('change', onPicked);
        // Only a page with somewhere to put files takes a drop; the app's own drop zone does once live.
        if (inputs.length === 0) return;
        window.addEventListener('dragover', onDrag);
        window.addEventListener('drop', onDrag);
        document.addEventListener('app-live', function () {
          window.removeEventListener('dragover', onDrag);
          window.removeEventListener('drop', onDrag);
        });
      });
    }
    var live = false;
    keepFiles();
    window.addEventListener('load', function () {
      setTimeout(registerWorkerEarly, 0);
    });
    for (var i = 0; i < intents.length; i++) {
      document.addEventListener(intents[i], onIntent, { capture: true, passive: true });
    }
    document.addEventListener('click', hold, true);
    // The page must not claim to be getting ready for ever (a tap held before the failure, or one
    // after it): a reload is what can help then.
    onStartFailed = function () {
      failed = true;
      html.removeAttribute('data-held');
    };
    document.addEventListener(
      'app-live',
      function () {
        live = true;
        document.removeEventListener('click', hold, true);
        html.removeAttribute('data-held');
        var target = held;
        held = null;
        // A page the app drew anew (one a static host served as built) has the same markup: the
        // tap goes to the element in the held one's place.
        if (target && !target.isConnected) target = sameElement(target, heldPath);
        if (!target) return;
        // A label's replayed click does not reach its control in Firefox: the control is pressed.
        var label = target.closest('label');
        if (label && label.control) target = label.control;
        // The page's parts in Suspense boundaries are taken over (hydrated) after the commit that
        // made it live, and React hydrates a boundary at once for a discrete event in it. A radio's
        // or checkbox's click changes it before any listener runs: React would take it over already
        // changed and see no change. An input event first (a radio's own click fires one too) has
        // React take the control over as it was, and the click then changes it under React's eyes.
        function replay() {
          if (target instanceof HTMLInputElement) target.dispatchEvent(new Event('input', { bubbles: true }));
          target.click();
        }
        // After the commit that made the page live, not inside it, and after the held copy.
        Promise.resolve(copying).then(function () {
          setTimeout(replay, 0);
        });
      },
      { once: true },
    );
  }

  /**
   * src/lib/format-date.ts's formatDate in the reader's zone, written out again (a plain script
   * cannot import it; boot-times.test.ts holds the two to the same text). Not Intl: its first
   * formatter costs a phone 50-100 ms.
   */
  function localizeTimes() {
    var turkish = (document.documentElement.lang || '').slice(0, 2).toLowerCase() === 'tr';
    var long = turkish
      ? 'Ocak Şubat Mart Nisan Mayıs Haziran Temmuz Ağustos Eylül Ekim Kasım Aralık'
      : 'January February March April May June July August September October November December';
    var medium = turkish
      ? 'Oca Şub Mar Nis May Haz Tem Ağu Eyl Eki Kas Ara'
      : 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec';
    var months = { long: long.split(' '), medium: medium.split(' ') };
    var times = document.querySelectorAll('time[data-local-time]');
    for (var i = 0; i < times.length; i++) {
      var date = new Date(times[i].getAttribute('datetime') || '');
      if (isNaN(date.getTime())) continue;
      var length = times[i].getAttribute('data-local-time') === 'long' ? 'long' : 'medium';
      var hours = date.getHours();
      var minutes = (date.getMinutes() < 10 ? '0' : '') + date.getMinutes();
      var name = months[length][date.getMonth()];
      var day = date.getDate();
      var year = date.getFullYear();
      var time = (hours % 12 || 12) + ':' + minutes + (hours < 12 ? ' AM' : ' PM');
      times[i].textContent = turkish
        ? day + ' ' + name + ' ' + year + ' ' + (hours < 10 ? '0' : '') + hours + ':' + minutes
        : name + ' ' + day + ', ' + year + (length === 'long' ? ' at ' : ', ') + time;
    }
  }
})();
